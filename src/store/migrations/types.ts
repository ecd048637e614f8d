/** One numbered schema change. `up` runs inside the runner's transaction. */
export interface Migration {
  version: number;
  name: string;
  up: string;
}
