import { z } from "zod";
import { submitContactMessage } from "~/.server/contact/submit-contact-message";
import { limiter, limits } from "~/.server/security/rate-limit";
import { ContactFormSchema } from "~/lib/schemas/contact";
import { defineOperation } from "./operation.server";

export const contactOperations = [
  defineOperation({
    id: "sendContactMessage",
    method: "POST",
    path: "/contact",
    tag: "Contact",
    summary: "Send a message to the team",
    description: "The contact form's fields as JSON. At most five messages per address in ten minutes, as on the page.",
    access: "anyone",
    body: ContactFormSchema,
    response: z.object({ received: z.literal(true) }),
    status: 201,
    refusals: [429],
    async run({ body, clientIp }) {
      await limiter(limits.contactPerIp).hit(clientIp);
      await submitContactMessage({ kind: "contact", ...body });
      return { data: { received: true as const }, status: 201 };
    },
  }),
];
