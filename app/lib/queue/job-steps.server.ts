// A job's steps: the points between its writes where it may be stopped. Tests can hold a job at a
// step (to act while it runs) through the hook.
type StepHook = (step: string) => Promise<void> | void;
let hook: StepHook | null = null;

/** Tests only: called at every step of every job, and awaited. */
export function setJobStepHook(next: StepHook | null) {
  hook = next;
}

/** Marks a step of the running job (named "job-type:what-comes-next"). */
export async function jobStep(step: string) {
  await hook?.(step);
}
