/**
 * Every request the simulator received, for tests that must show what reached HMRC and when:
 * how many token refreshes, how many calls in any one second. Kept only while the operator
 * controls are on (they are the only way to read it), newest last, at most `limit` entries.
 */
export interface LoggedRequest {
  /** When the request arrived, by the real clock (not the simulator's movable one), ISO 8601. */
  at: string;
  method: string;
  /** The path below the simulator's mount point, without the query string. */
  path: string;
  /** The answer's status; absent while it is being worked on, or when the connection was dropped. */
  status?: number;
  /** For POST /oauth/token: the grant asked for (authorization_code, refresh_token, client_credentials). */
  grantType?: string;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];

  constructor(private readonly limit = 10_000) {}

  /** Adds a request as it arrives; the entry is completed later (status, grant type). */
  record(entry: LoggedRequest): LoggedRequest {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    return entry;
  }

  /** The requests that arrived at or after `since` (epoch milliseconds), oldest first. */
  list(since = 0): LoggedRequest[] {
    return this.entries.filter((entry) => Date.parse(entry.at) >= since).map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.entries = [];
  }
}
