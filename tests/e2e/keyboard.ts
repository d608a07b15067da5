import { expect, type Locator, type Page } from "@playwright/test";

// What the keyboard-only browser tests (keyboard.spec.ts, staff-keyboard.spec.ts) check after each key:
// focus is on an element, visible, marked by an indicator and not covered, and never trapped.

/** What a keyboard user has in hand: the focused element's name (as a screen reader would read it) and how it looks. */
export type Focus = {
  name: string;
  /** Not hidden, at least 2×2 px and not clipped away (an `sr-only` control is focusable yet unseen). */
  visible: boolean;
  /** `:focus-visible` matches and an outline of at least 1 px in a colour that is not transparent is drawn. */
  indicator: boolean;
  /** Something else (a sticky header, a toast) covers the element entirely: its centre and its four corners. */
  obscured: boolean;
  /** What covers the element's centre, if anything does. */
  coveredBy: string | null;
};

/** The focused element, or null when focus is on the page itself (lost). */
export function focusNow(page: Page): Promise<Focus | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const text = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
    // The accessible name, by the rules our markup uses: aria-labelledby, aria-label, a <label>, else the content.
    const labelledBy = element.getAttribute("aria-labelledby");
    const labels = "labels" in element ? (element.labels as NodeListOf<HTMLLabelElement> | null) : null;
    let name = "";
    if (labelledBy)
      name = labelledBy
        .split(/\s+/)
        .map((id) => text(document.getElementById(id)?.textContent))
        .join(" ");
    else if (element.getAttribute("aria-label")) name = text(element.getAttribute("aria-label"));
    else if (labels?.length) {
      const label = labels[0]?.cloneNode(true) as HTMLElement;
      for (const control of label.querySelectorAll("input, select, textarea")) control.remove();
      name = text(label.textContent);
    } else
      name =
        text(element.textContent) || [...element.querySelectorAll("img[alt]")].map((image) => text(image.getAttribute("alt"))).join(" ");
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const visible =
      style.visibility !== "hidden" &&
      box.width >= 2 &&
      box.height >= 2 &&
      style.clip !== "rect(0px, 0px, 0px, 0px)" &&
      style.clipPath === "none";
    const indicator =
      element.matches(":focus-visible") &&
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) >= 1 &&
      !/rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor);
    const own = (hit: Element | null) =>
      hit !== null && (element.contains(hit) || hit.contains(element) || [...(labels ?? [])].some((label) => label.contains(hit)));
    const inset = Math.min(2, box.width / 2, box.height / 2);
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ] as const;
    const hits = points.map(([x, y]) => document.elementFromPoint(x, y));
    const centre = hits[0] ?? null;
    const coveredBy =
      centre && !own(centre)
        ? `${centre.tagName.toLowerCase()} in ${centre.closest("[data-testid], header, [role]")?.outerHTML.slice(0, 80)}`
        : null;
    return { name, visible, indicator, obscured: hits.every((hit) => !own(hit)), coveredBy };
  });
}

/** Holds the focused element to what a keyboard user needs: it is there, seen, and marked. */
export function expectSeen(focus: Focus | null, where: string): asserts focus is Focus {
  expect(focus, `focus is on an element ${where}, not lost to the page`).not.toBeNull();
  if (!focus) return;
  expect.soft(focus.visible, `"${focus.name}" is visible when focused ${where}`).toBe(true);
  expect.soft(focus.indicator, `"${focus.name}" has a visible focus indicator ${where}`).toBe(true);
  expect.soft(focus.obscured, `"${focus.name}" is not covered (by ${focus.coveredBy}) ${where}`).toBe(false);
}

/**
 * Presses `key` (Tab by default) until the focused element's name matches `name`, checking each
 * element passed on the way; returns their names in order (the focus order). Fails after `max`
 * presses: the control cannot be reached, or focus is stuck (a keyboard trap).
 */
export async function pressUntil(page: Page, name: string | RegExp, options: { key?: string; max?: number } = {}): Promise<string[]> {
  const { key = "Tab", max = 80 } = options;
  const passed: string[] = [];
  const matches = (value: string) => (typeof name === "string" ? value === name : name.test(value));
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(key);
    const focus = await focusNow(page);
    expectSeen(focus, `after ${key} on ${page.url()}`);
    passed.push(focus.name);
    if (matches(focus.name)) return passed;
  }
  throw new Error(`${key} never reached ${name} on ${page.url()}; passed ${passed.join(" → ")}`);
}

/** Tab to the next control and type `text` into it (after selecting what is there: a pre-filled field is replaced). */
export async function typeNext(page: Page, name: string | RegExp, text: string, order: string[]) {
  order.push(...(await pressUntil(page, name, { max: 3 })));
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/** No keyboard trap where focus is now: Tab moves on to another element, and Shift+Tab comes back to this one. */
export async function expectNoTrap(page: Page) {
  const before = await focusNow(page);
  await page.evaluate(() => {
    (window as unknown as { trapStart: Element | null }).trapStart = document.activeElement;
  });
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement !== (window as unknown as { trapStart: Element | null }).trapStart)).toBe(true);
  await page.keyboard.press("Shift+Tab");
  expect(
    await page.evaluate(() => document.activeElement === (window as unknown as { trapStart: Element | null }).trapStart),
    `Shift+Tab comes back to "${before?.name}"`,
  ).toBe(true);
}

/**
 * From the first of `expected` on (the site's header comes before it), `names` holds `expected` in this
 * order, each once (other elements passed on the way may come between).
 */
export function expectOrder(names: string[], expected: string[]) {
  const from = names.indexOf(expected[0] ?? "");
  expect(names.slice(Math.max(from, 0)).filter((name) => expected.includes(name))).toEqual(expected);
}

/** The toast says `text`, announced: inside the page's status region (there from the start), or itself an alert. */
export async function expectAnnounced(toast: Locator, text: string | RegExp, role: "status" | "alert" = "status") {
  await expect(toast).toContainText(text);
  await expect(role === "alert" ? toast : toast.locator("xpath=..")).toHaveAttribute("role", role);
}

export const focused = (page: Page) => page.locator(":focus");

/** From a page just loaded: its first tab stop is "Skip to content", and Enter on it sends the next Tab into the main content. */
export async function skipToContent(page: Page) {
  await pressUntil(page, "Skip to content", { max: 1 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
}
