import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { Avatar, initials } from "./avatar";

test("initials: the first letters of the first and last names, one for a single name", () => {
  expect(initials("Nusrat Jahan")).toBe("NJ");
  expect(initials("  md. tanvir   ahmed ")).toBe("MA");
  expect(initials("Rafi")).toBe("R");
  expect(initials("আয়েশা সিদ্দিকা")).toBe("আস");
  expect(initials("   ")).toBe("?");
});

test("an avatar without a photo shows the initials on the same colour every time; with one, the photo", () => {
  const first = renderToString(createElement(Avatar, { name: "Nusrat Jahan" }));
  expect(first).toContain(">NJ<");
  expect(renderToString(createElement(Avatar, { name: "Nusrat Jahan" }))).toBe(first);
  const photo = renderToString(createElement(Avatar, { name: "Nusrat Jahan", src: "/images/mentors/nusrat.webp" }));
  expect(photo).toContain('src="/images/mentors/nusrat.webp"');
  expect(photo).not.toContain("NJ");
});
