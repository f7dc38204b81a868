/** `read()` again every `every` ms until `done` holds of its value, or `ms` have passed: the last value either way. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 15_000,
  every = 200,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, every));
    value = await read();
  }
  return value;
}
