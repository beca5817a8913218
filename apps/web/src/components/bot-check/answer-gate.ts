/**
 * Which bot-check answer a submit may send, and when (issue 9 item 9, decision 0023).
 *
 * Answers are single use on the server, so the gate hands each solved answer to exactly one submit
 * and asks for a fresh challenge at once. A submit that comes before there is an answer (the
 * challenge still on its way, being solved, or being replaced after the last submit) waits for
 * the answer of the current challenge instead of sending nothing or an answer already used. Only
 * when there is nothing to solve (a reCAPTCHA system, the challenge request failed, the solver
 * failed or gave up) does a submit go on with an empty answer, and the server decides.
 */
export type GatePhase =
  /** A challenge is being fetched (first load or after a submit / expiry). */
  | { kind: 'loading' }
  /** The solver is working on `challenge`. */
  | { kind: 'solving'; challenge: string }
  /** `challenge` is solved and its answer not yet sent. */
  | { kind: 'solved'; challenge: string; payload: string }
  /**
   * Nothing to solve: no ALTCHA challenge (`retry` false), or it could not be fetched or solved
   * (`retry` true: the next submit asks for a fresh one).
   */
  | { kind: 'none'; retry: boolean };

type Waiter = (payload: string) => void;

export class AnswerGate {
  private phase: GatePhase = { kind: 'loading' };
  private readonly waiters: Waiter[] = [];
  /** The last answer handed out has already been replaced by a fresh challenge. */
  private renewedAfterTake = false;

  /** `renew` fetches a fresh challenge (the component bumps its query key). */
  constructor(
    private readonly renew: () => void,
    private readonly waitMs = 20_000,
  ) {}

  get state(): GatePhase {
    return this.phase;
  }

  /** The challenge query answered: an ALTCHA challenge to solve (its JSON), or null for nothing to solve. */
  challengeArrived(challenge: string | null): void {
    if (challenge === null) {
      this.nothingToSolve(false);
      return;
    }
    // The same challenge seen again (a re-render) keeps its progress.
    if (this.phase.kind !== 'loading' && 'challenge' in this.phase && this.phase.challenge === challenge)
      return;
    this.phase = { kind: 'solving', challenge };
  }

  /** The challenge could not be fetched: submits go on without an answer. */
  challengeFailed(): void {
    this.nothingToSolve(true);
  }

  /** The solver answered `challenge`. An answer to a challenge the gate has moved past is dropped. */
  solved(challenge: string, payload: string): void {
    if (!payload || this.phase.kind !== 'solving' || this.phase.challenge !== challenge) return;
    const waiter = this.waiters.shift();
    if (waiter) {
      // One answer, one submit: it goes to the first waiting submit and a new challenge is fetched.
      this.startRenewal();
      this.renewedAfterTake = true;
      waiter(payload);
      return;
    }
    this.phase = { kind: 'solved', challenge, payload };
  }

  /** The solver failed on `challenge`: the waiting submits go on without an answer. */
  failed(challenge: string): void {
    if (this.phase.kind !== 'solving' || this.phase.challenge !== challenge) return;
    this.nothingToSolve(true);
  }

  /** `challenge` expired before it was used: its answer is void, a fresh one is fetched. */
  expired(challenge: string): void {
    if (this.phase.kind === 'loading' || this.phase.kind === 'none') return;
    if (this.phase.challenge !== challenge) return;
    this.startRenewal();
  }

  /** The person asked to try again after a failure: a fresh challenge (nothing while one is current). */
  retry(): void {
    if (this.phase.kind === 'none' && this.phase.retry) this.startRenewal();
  }

  /**
   * The answer for one submit: the solved answer (used up now, and a fresh challenge fetched), or
   * the next one once solved. '' when there is nothing to solve or no answer came within `waitMs`.
   */
  take(): Promise<string> {
    const phase = this.phase;
    if (phase.kind === 'none') {
      if (phase.retry) this.startRenewal();
      return Promise.resolve('');
    }
    if (phase.kind === 'solved') {
      this.startRenewal();
      this.renewedAfterTake = true;
      return Promise.resolve(phase.payload);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(''), this.waitMs);
      const waiters = this.waiters;
      function settle(payload: string) {
        clearTimeout(timer);
        const index = waiters.indexOf(settle);
        if (index >= 0) waiters.splice(index, 1);
        resolve(payload);
      }
      waiters.push(settle);
    });
  }

  /**
   * What a form calls once the server has answered: a fresh challenge, unless the answer it sent was
   * already replaced when it was taken (the next challenge, perhaps solved by now, is kept).
   */
  renewUnlessPending(): void {
    if (this.renewedAfterTake) {
      this.renewedAfterTake = false;
      return;
    }
    if (this.phase.kind !== 'loading') this.startRenewal();
  }

  private startRenewal() {
    this.phase = { kind: 'loading' };
    this.renew();
  }

  private nothingToSolve(retry: boolean) {
    this.phase = { kind: 'none', retry };
    for (const waiter of [...this.waiters]) waiter('');
  }
}
