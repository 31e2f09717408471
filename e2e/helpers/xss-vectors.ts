/**
 * Script-injection vectors for the browser XSS suite: the OWASP XSS filter evasion cheat sheet
 * (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html), the
 * classic mutation-XSS (mXSS) payloads and markdown's own ways to a `javascript:` link. Every
 * vector that can run sets `__xss` (caught by xss-check's trap) or calls alert() (caught by the
 * dialog handler); each uses its own number, so a failure names the vector that ran.
 */
export const XSS_VECTORS: readonly string[] = [
  // Script elements, plain and through the filters that strip one '<script>'.
  '<script>__xss=1</script>',
  '<SCRIPT SRC=data:,__xss=2></SCRIPT>',
  '<scr<script>ipt>__xss=3</scr</script>ipt>',
  '"><script>__xss=4</script>',
  "'><img src=x onerror=__xss=5>",
  // Event handlers, in upper case, entity-encoded and on malformed tags.
  '<img src=x onerror=__xss=6>',
  '<IMG SRC=x onerror="alert(7)">',
  '<img src=x onerror="&#95;&#95;xss=8">',
  '<IMG """><SCRIPT>__xss=9</SCRIPT>">',
  '<svg onload=__xss=10>',
  '<svg/onload=alert(11)>',
  '<body onload=__xss=12>',
  '<details open ontoggle=__xss=13>',
  '<input autofocus onfocus=__xss=14>',
  '<video><source onerror=__xss=15></video>',
  '<audio src=x onerror=__xss=16>',
  '<marquee onstart=__xss=17>m</marquee>',
  '<svg><animate onbegin=__xss=18 attributeName=x dur=1s>',
  '<IMG SRC=# onmouseover="__xss=19">',
  // Frames, objects, refreshes and a base URL.
  '<iframe srcdoc="<script>parent.__xss=20</script>">',
  '<iframe src="data:text/html,<script>alert(21)</script>">',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgyMik8L3NjcmlwdD4=">',
  '<embed src="javascript:alert(23)">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss=24">',
  '<base href="javascript:__xss=25//">',
  // javascript: and data: addresses: plain, in mixed case, with entities, tabs and spaces.
  '<a href="javascript:__xss=26">x26</a>',
  '<a href="JaVaScRiPt:__xss=27">x27</a>',
  '<a href="jav&#x09;ascript:__xss=28">x28</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;__xss=29">x29</a>',
  '<a href=" &#14;  javascript:__xss=30">x30</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgzMSk8L3NjcmlwdD4=">x31</a>',
  '<form action="javascript:__xss=32"><button>x32</button></form>',
  '<svg><a xlink:href="javascript:__xss=33"><text y=20>x33</text></a></svg>',
  // Mutation XSS: markup that turns into script when a sanitiser's output is parsed again.
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss=34>',
  '<noscript><p title="</noscript><img src=x onerror=__xss=35>">',
  '<svg></p><style><a id="</style><img src=x onerror=__xss=36>">',
  '<!--<img src="--><img src=x onerror=__xss=37//">',
  // Markdown links and images to javascript: and data: addresses.
  '[x38](javascript:__xss=38)',
  '![x39](javascript:__xss=39)',
  '[x40](JAVASCRIPT:__xss=40)',
  '[x41](jav&#x09;ascript:__xss=41)',
  '<javascript:__xss=42>',
  '[x43][r43]\n\n[r43]: javascript:__xss=43',
  '[x44](data:text/html;base64,PHNjcmlwdD5hbGVydCg0NCk8L3NjcmlwdD4=)',
  '[x45](<javascript:__xss=45>)',
  // A bare address, for text that could end up in an href, and 0xsobky's polyglot.
  'javascript:__xss=46',
  'jaVasCript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk=__xss=47 )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=__xss=47//>\\x3e',
];

/**
 * One vector per technique, for the short one-line fields a test can only fill a few at a time
 * (a display name, a ?message= parameter): attribute breakouts, an event handler, a dialog, a
 * frame, an obfuscated javascript: link, both mXSS families, a markdown link and a bare address.
 */
export const SHORT_FIELD_VECTORS: readonly string[] = [4, 5, 6, 7, 13, 20, 28, 34, 35, 38, 46].map(
  (n) => {
    const vector = XSS_VECTORS[n - 1];
    if (vector === undefined) throw new Error(`no vector ${String(n)}`);
    return vector;
  },
);

/** Every vector in one text, each its own markdown block: for bodies, comments and contexts. */
export function allVectorsText(marker: string): string {
  return [marker, ...XSS_VECTORS].join('\n\n');
}

export interface VectorGroup {
  /** `${prefix}-01`, `${prefix}-02`, ...: unique, and never the start of another marker. */
  marker: string;
  vectors: string[];
  /** The marker and the vectors, space-separated: at most `maxLength` characters. */
  text: string;
}

/**
 * The vectors packed in order into texts of at most `maxLength` characters, for the short fields
 * (titles, names, key names, the ?message= parameter). A vector longer than a text can hold goes
 * into no group: the caller reports it.
 */
export function vectorGroups(
  prefix: string,
  maxLength: number,
  vectors: readonly string[] = XSS_VECTORS,
): VectorGroup[] {
  const groups: VectorGroup[] = [];
  let current: string[] = [];
  const marker = () => `${prefix}-${String(groups.length + 1).padStart(2, '0')}`;
  const text = (parts: string[]) => [marker(), ...parts].join(' ');
  for (const vector of vectors) {
    if (text([vector]).length > maxLength) continue;
    if (text([...current, vector]).length > maxLength) {
      groups.push({ marker: marker(), vectors: current, text: text(current) });
      current = [];
    }
    current.push(vector);
  }
  if (current.length > 0) groups.push({ marker: marker(), vectors: current, text: text(current) });
  return groups;
}
