/**
 * `make`'s value, made on the first call and kept. For Intl formatters at a module's top level:
 * the first one a page makes loads the browser's locale data, 5 ms on a fast desktop and four
 * times that on a phone, inside the long task that starts the page, whether or not it formats.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** An en-US date format made on first use, for a module's top level. */
export const dateFormatOnFirstUse = (options: Intl.DateTimeFormatOptions) =>
  madeOnFirstUse(() => new Intl.DateTimeFormat('en-US', options));
