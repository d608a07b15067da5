import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * A profile setting's on/off button: a plain post of the form's `intent` and the setting's new
 * state (`on` or `off`) under `name`, so it works without JavaScript.
 */
export function SwitchForm({
  intent,
  name,
  on,
  turnOn,
  turnOff,
  className,
}: {
  intent: string;
  name: string;
  /** The setting's state now: the button posts the other. */
  on: boolean;
  turnOn: string;
  turnOff: string;
  className?: string;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={on ? "off" : "on"} />
      <Button variant="outline" size="md">
        {on ? turnOff : turnOn}
      </Button>
    </Form>
  );
}
