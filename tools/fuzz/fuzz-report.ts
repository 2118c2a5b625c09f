/** What a fuzz run found, in the form both the test and `npm run fuzz` print. */

/** One case that went wrong, enough to repeat it: the seed, the case number, the damage. */
export interface CaseFailure {
  readonly seed: number;
  readonly iteration: number;
  /** The mutation kind or the channel. */
  readonly kind: string;
  readonly message: string;
}
