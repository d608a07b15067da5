/**
 * A value as a loader hands it to its page when the loader turns its dates into ISO strings (as
 * the application pages do, so that the page formats them the same on the server and in the
 * browser): every Date, however deep, becomes a string. Components take `Serialized<T>` of the
 * domain's type instead of declaring the shape again.
 */
export type Serialized<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Serialized<Item>[]
    : T extends object
      ? { [Key in keyof T]: Serialized<T[Key]> }
      : T;

/** `value` with every Date in it turned into its ISO string: what a loader returns as `Serialized<T>`. */
export function serialize<T>(value: T): Serialized<T> {
  if (value instanceof Date) return value.toISOString() as Serialized<T>;
  if (Array.isArray(value)) return value.map(serialize) as Serialized<T>;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, serialize(item)])) as Serialized<T>;
  }
  return value as Serialized<T>;
}
