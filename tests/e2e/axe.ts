import { expect, type Page } from "@playwright/test";
import axe from "axe-core";
import { expectNoSidewaysScroll } from "./app";

/** The rules every page is held to: WCAG 2.0, 2.1 and 2.2 A and AA (issue 31's contract), and axe's best practices. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The widths every page is checked at: the narrowest phone WCAG's reflow rule names (320 CSS px) and a laptop. */
export const axeWidths = [320, 1280] as const;

type AxeOptions = {
  /** Only this part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
  /** The rules' tags; axe's whole default set when null. */
  tags?: string[] | null;
};

/**
 * Axe's findings on the page as it is now, one line per rule with the elements it found. Axe is put
 * into the document once and run there: @axe-core/playwright opened a second page to finish every
 * run, which took seconds per check on our two-core machines. Our pages have no frames to visit.
 */
export async function axeViolations(page: Page, { include, tags = WCAG_TAGS }: AxeOptions = {}): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, tags }) => {
      const runner = (window as unknown as { axe: typeof axe }).axe;
      const results = await runner.run(include ? { include: [include] } : document, {
        ...(tags ? { runOnly: { type: "tag", values: tags } } : {}),
        resultTypes: ["violations"],
      });
      return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    },
    { include: include ?? null, tags },
  );
}

/** Axe's findings (softly) at `axeWidths`, and no sideways scroll at phone widths, on the page as it is now; back at 1280 px after. */
export async function expectAccessible(page: Page) {
  for (const width of axeWidths) {
    await page.setViewportSize({ width, height: 800 });
    expect.soft(await axeViolations(page), `${page.url()} at ${width} px`).toEqual([]);
  }
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}
