/** What `work` settles to, or a rejection with `message` once `ms` have passed first; the timer never outlives the work. */
export function withTimeout<T>(work: Promise<T> | T, ms: number, message = `not settled within ${ms} ms`): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    Promise.resolve(work).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
