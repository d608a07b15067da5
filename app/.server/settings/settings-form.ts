import { type SettingValues, type SiteSettingKey, siteSettingKeys } from "./site-settings";
import type { SiteSettingChanges } from "./update-site-settings";

/**
 * Between the settings keys ("social.facebook") and the settings form's values, which Conform
 * nests by the dots in the field names ({ social: { facebook } }).
 */

type Nested = { [name: string]: string | Nested };

/** The form's starting values: every setting, unset ones as "". */
export function settingsFormValues(values: SettingValues): Nested {
  const form: Nested = {};
  for (const key of siteSettingKeys) {
    const path = key.split(".");
    let node = form;
    for (const part of path.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Nested;
    }
    node[path.at(-1) as string] = values[key] ?? "";
  }
  return form;
}

/**
 * What a valid post changes: exactly the settings whose fields it carries (a field sent empty
 * clears its setting), with the values the schema checked and trimmed.
 */
export function carriedSettings(formData: FormData, parsed: object): SiteSettingChanges {
  const changes: SiteSettingChanges = {};
  for (const key of siteSettingKeys) {
    if (!formData.has(key)) continue;
    changes[key as SiteSettingKey] = valueAt(parsed, key) ?? "";
  }
  return changes;
}

function valueAt(value: unknown, key: string): string | undefined {
  let node = value;
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}
