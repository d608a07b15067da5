/**
 * Who may keep a picture, and for how long: `public` and `private` for a day (the key changes
 * whenever the picture does; private for pictures only signed-in people may see), `immutable`
 * for a year (the file name is made from the content, so it never changes under its address).
 */
const cacheControl = {
  public: "public, max-age=86400",
  private: "private, max-age=86400",
  immutable: "public, max-age=31536000, immutable",
} as const;

/** A stored picture as the image routes answer it: WebP (every picture is re-encoded so on upload), with its length and caching. */
export function photoResponse(bytes: Uint8Array, cache: keyof typeof cacheControl): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.length),
      "Cache-Control": cacheControl[cache],
    },
  });
}
