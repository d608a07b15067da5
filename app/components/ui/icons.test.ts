import { Check } from "lucide";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Icon, type IconNode } from "./icons";

describe("Icon", () => {
  test("draws every element of the Lucide icon with its SVG attributes, hidden from screen readers", () => {
    const html = renderToStaticMarkup(createElement(Icon, { icon: Check, className: "text-brand-700" }));
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*class="size-5 shrink-0 text-brand-700"[^>]*>/);
    expect(html).toContain('stroke-width="2"');
    const inner = Check.map(
      ([tag, attributes]) =>
        `<${tag}${Object.entries(attributes)
          .map(([name, value]) => ` ${name}="${value}"`)
          .join("")}/>`,
    ).join("");
    expect(html).toMatch(new RegExp(`>${inner.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</svg>$`));
  });

  test("escapes attribute values, so icon data cannot break out of its element", () => {
    const odd: IconNode = [["path", { d: 'M0 0"/><script>alert(1)</script><path d="' }]];
    const html = renderToStaticMarkup(createElement(Icon, { icon: odd }));
    expect(html).not.toContain("<script>");
    expect(html).toContain('<path d="M0 0&quot;/>&lt;script>alert(1)&lt;/script>&lt;path d=&quot;"/>');
  });
});
