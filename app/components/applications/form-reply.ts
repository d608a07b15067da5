/** What an application page's action answered, as the page reads it (app/routes/dashboard/application-intents.server.ts). */
export type IntentReply = {
  form?: string;
  result?: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
};

/** The problems of the form `key` from the last answer: the first one for the whole form, and each field's. */
export function problemsOf(reply: IntentReply | undefined, key: string): { problem?: string; fields: Record<string, string> } {
  if (!reply || reply.form !== key || !reply.result?.error) return { fields: {} };
  const entries = Object.entries(reply.result.error).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]] as const] : []));
  const whole = entries.find(([name]) => name === "");
  return { problem: whole?.[1] ?? entries[0]?.[1], fields: Object.fromEntries(entries.filter(([name]) => name !== "")) };
}

/** What was typed into field `name` of the form `key`, when its answer came back with it. */
export function typedValue(reply: IntentReply | undefined, key: string, name: string): string | undefined {
  if (!reply || reply.form !== key) return undefined;
  const value = reply.result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}
