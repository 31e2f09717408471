/**
 * Finds secrets in recorded text (responses, log lines) without printing them. Pure: the server
 * tests (helpers/secret-watch.ts) and the end-to-end run (e2e/global-setup.ts) feed it.
 *
 * Scanning is incremental: every record is checked once against every secret, whichever of the
 * two became known first, so a check after each test costs about as much as one at the end.
 */

export type SecretKind =
  | 'password hash'
  | 'password'
  | 'GitHub token'
  | 'OAuth code'
  | 'webhook secret'
  | 'API key'
  | 'API key hash'
  | 'session secret'
  | 'encryption key'
  | 'session token'
  | 'OAuth client secret'
  | 'LLM API key'
  | 'chain operator key'
  | 'demo wallet key'
  | 'GitHub App private key'
  | 'GitHub App webhook secret'
  | 'SMTP password'
  | 'mail token';

export interface ScannedRecord {
  /** 'response' or 'log line'. */
  type: 'response' | 'log line';
  /** e.g. `POST /login → 200` or `"incoming request" (level 30)`; may hold secrets until shown. */
  label: string;
  /** Headers then body for a response; the raw line for a log line. */
  text: string;
  /** Where the body starts in `text` (responses); a match before it is in the headers. */
  bodyStart?: number;
}

interface Secret {
  kind: SecretKind;
  value: string;
  /** Only log lines must not hold it (a session token is in its own login response, rightly). */
  logsOnly: boolean;
  /** The one record allowed to hold it: an API key's creation response. */
  allowedIn: number | undefined;
}

interface Variant {
  secret: Secret;
  text: string;
  encoding: string;
}

export interface Leak {
  kind: SecretKind;
  /** A description of where, with every known secret replaced by its kind. */
  message: string;
}

/** Values shorter than this are not searched for: they would match by chance. */
export const MIN_SECRET_LENGTH = 8;

/** Secrets recognised by their form alone, even when no test told us about them. */
const FORMS: { kind: SecretKind; pattern: RegExp }[] = [
  { kind: 'GitHub token', pattern: /\bgh[opusr]_[A-Za-z0-9]{36}\b/g },
  { kind: 'API key', pattern: /\bosk_[0-9a-z]{32}\b/g },
  {
    kind: 'password hash',
    pattern: /\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+/g,
  },
];

function variantsOf(secret: Secret, form: string): Variant[] {
  const candidates: [string, string][] = [
    ['as is', form],
    ['URL-encoded', encodeURIComponent(form)],
    ['form-encoded', new URLSearchParams({ x: form }).toString().slice(2)],
    ['JSON-escaped', JSON.stringify(form).slice(1, -1)],
    ['base64', Buffer.from(form).toString('base64').replace(/=+$/, '')],
    ['base64url', Buffer.from(form).toString('base64url')],
  ];
  const seen = new Set<string>();
  const variants: Variant[] = [];
  for (const [encoding, text] of candidates) {
    if (text.length < MIN_SECRET_LENGTH || seen.has(text)) continue;
    seen.add(text);
    variants.push({ secret, text, encoding });
  }
  return variants;
}

export interface ScanStats {
  responses: number;
  logLines: number;
}

export class SecretScanner {
  private readonly records: ScannedRecord[] = [];
  /** Every secret, by each of its forms. */
  private readonly secrets = new Map<string, Secret>();
  private readonly list: Secret[] = [];
  private readonly variants: Variant[] = [];
  private scannedRecords = 0;
  private scannedVariants = 0;
  private readonly reported = new Set<string>();

  /** Records a response or log line; returns its index (for `allowedIn`). */
  record(record: ScannedRecord): number {
    this.records.push(record);
    return this.records.length - 1;
  }

  /**
   * A secret the records must not hold, with other forms of it (its hex and base64, a hash's
   * digest alone), each searched in every encoding. A value known already keeps its first kind;
   * an API key's creation response is remembered whenever it is told.
   */
  add(
    kind: SecretKind,
    value: string,
    options: { logsOnly?: boolean; allowedIn?: number; forms?: string[] } = {},
  ): void {
    if (value.length < MIN_SECRET_LENGTH) return;
    const known = this.secrets.get(value);
    if (known) {
      if (known.allowedIn === undefined) known.allowedIn = options.allowedIn;
      return;
    }
    const secret: Secret = {
      kind,
      value,
      logsOnly: options.logsOnly ?? false,
      allowedIn: options.allowedIn,
    };
    this.list.push(secret);
    for (const form of [value, ...(options.forms ?? [])]) {
      if (form.length < MIN_SECRET_LENGTH || this.secrets.has(form)) continue;
      this.secrets.set(form, secret);
      this.variants.push(...variantsOf(secret, form));
    }
  }

  /** The secrets known so far (for a file's count of distinct secrets; never printed). */
  known(): readonly { kind: SecretKind; value: string }[] {
    return this.list;
  }

  stats(): ScanStats {
    return {
      responses: this.records.filter((r) => r.type === 'response').length,
      logLines: this.records.filter((r) => r.type === 'log line').length,
    };
  }

  /** Leaks not reported before: records new since the last scan, secrets new since then. */
  scan(): Leak[] {
    const leaks: Leak[] = [];
    const fresh = this.records.length;
    const oldVariants = this.variants.slice(0, this.scannedVariants);
    const newVariants = this.variants.slice(this.scannedVariants);
    const hits = [
      ...find(this.records, this.scannedRecords, fresh, oldVariants),
      ...find(this.records, 0, fresh, newVariants),
    ];
    for (const { index, at, variant } of hits) {
      const { secret } = variant;
      const record = this.records[index]!;
      if (secret.allowedIn === index) continue;
      if (secret.logsOnly && record.type !== 'log line') continue;
      const encoding = variant.encoding === 'as is' ? '' : ` (${variant.encoding})`;
      const shown =
        secret.kind === 'API key' && secret.allowedIn !== undefined
          ? ` outside its creation response (${this.show(this.records[secret.allowedIn]!.label)})`
          : '';
      this.report(leaks, secret.kind, `${secret.kind}${encoding}${shown}`, index, at);
    }
    for (let index = this.scannedRecords; index < fresh; index++) {
      const record = this.records[index]!;
      for (const { kind, pattern } of FORMS) {
        for (const match of record.text.matchAll(pattern)) {
          const known = this.secrets.get(match[0]);
          // A known secret is judged above (an API key may stand in its creation response).
          if (known) continue;
          this.report(leaks, kind, `${kind} (recognised by its form)`, index, match.index);
        }
      }
    }
    this.scannedRecords = fresh;
    this.scannedVariants = this.variants.length;
    return leaks;
  }

  private report(leaks: Leak[], kind: SecretKind, what: string, index: number, at: number) {
    const record = this.records[index]!;
    const part =
      record.bodyStart === undefined ? '' : at < record.bodyStart ? ' (headers)' : ' (body)';
    const message = `${what} in ${record.type} ${this.show(record.label)}${part}`;
    const key = `${index}:${message}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    leaks.push({ kind, message });
  }

  /** The text with every known secret, in every encoding, and every secret form replaced. */
  show(text: string): string {
    let shown = text;
    for (const variant of this.variants) {
      if (shown.includes(variant.text)) {
        shown = shown.replaceAll(variant.text, `[${variant.secret.kind}]`);
      }
    }
    for (const { kind, pattern } of FORMS) shown = shown.replace(pattern, `[${kind}]`);
    return shown;
  }
}

/** Every place a variant occurs in records[from..to), one hit per record and variant. */
function find(
  records: ScannedRecord[],
  from: number,
  to: number,
  variants: Variant[],
): { index: number; at: number; variant: Variant }[] {
  if (from >= to || variants.length === 0) return [];
  // One haystack, so each variant is one native search over everything instead of one per record.
  const starts: number[] = [];
  const parts: string[] = [];
  let length = 0;
  for (let i = from; i < to; i++) {
    starts.push(length);
    parts.push(records[i]!.text);
    length += records[i]!.text.length + 1;
  }
  const haystack = parts.join('\u0000');
  const hits: { index: number; at: number; variant: Variant }[] = [];
  for (const variant of variants) {
    let position = haystack.indexOf(variant.text);
    while (position !== -1) {
      const slot = lastAtOrBefore(starts, position);
      hits.push({ index: from + slot, at: position - starts[slot]!, variant });
      const next = starts[slot + 1];
      if (next === undefined) break;
      position = haystack.indexOf(variant.text, next);
    }
  }
  return hits;
}

function lastAtOrBefore(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
