/** One request the API (REST or GraphQL) answered. */
export interface RequestRecord {
  method: string;
  /** The path as sent, without its query: `/api/v3/repos/o/r/pulls/1`, `/api/graphql`. */
  path: string;
  status: number;
  /** The token's holder; null for an anonymous request or a refused token. */
  login: string | null;
}

/**
 * The API requests answered so far, oldest first, so a test can count what a client asked (e.g.
 * one GraphQL request instead of fifty REST calls). The newest `limit` are kept, so a long demo
 * run does not grow without end.
 */
export class RequestLog {
  private readonly records: RequestRecord[] = [];

  constructor(private readonly limit = 10_000) {}

  add(record: RequestRecord): void {
    this.records.push(record);
    if (this.records.length > this.limit) this.records.splice(0, this.records.length - this.limit);
  }

  all(): RequestRecord[] {
    return this.records.map((r) => ({ ...r }));
  }
}
