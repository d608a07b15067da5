import type { SubmissionResult } from "@conform-to/react";
import { data, useNavigation } from "react-router";
import type { z } from "zod";
import { requireUser } from "~/.server/auth/session";
import { isAppError, replyWithError } from "~/.server/errors";
import { readForm } from "~/.server/read-form";
import { formResult, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { photoUrl } from "~/.server/users/photo";
import { findEditableProfile, updateProfile } from "~/.server/users/profile";
import { MultipartForm } from "~/components/dashboard/upload-form";
import { Page } from "~/components/layout/page";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TimeZoneField } from "~/components/ui/time-zone-field";
import { localizedPath } from "~/lib/locale";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import type { ServerRouteHandle } from "~/lib/route-handle";
import {
  PROFILE_ADDRESS_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
  type ProfileFormSchema,
  ProfileSchema,
} from "~/lib/schemas/profile";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/edit-user-profile";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The server accepts a photo-sized body here (MAX_BODY_KB elsewhere). */
export const handle: ServerRouteHandle = { maxBodyBytes: PHOTO_FORM_MAX_BYTES };

async function loadTarget(request: Request, email: string) {
  const actor = await requireUser(request);
  try {
    return { actor, target: await findEditableProfile(actor, email) };
  } catch (error) {
    throw replyWithError(error);
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, target } = await loadTarget(request, params.email);
  return {
    profile: {
      name: target.name,
      email: target.email,
      phone: target.phone ?? "",
      address: target.address ?? "",
      timeZone: target.timeZone,
      photo: photoUrl(target.image),
    },
    own: actor.id === target.id,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor, target } = await loadTarget(request, params.email);
  let formData: FormData;
  try {
    // The photo (≤ 5 MB) plus the text fields; anything bigger is refused while it arrives.
    formData = await readForm(request, PHOTO_FORM_MAX_BYTES);
  } catch (error) {
    return replyWithError(error, (refusal) => ({ result: { status: "error", error: { photo: [refusal.message] } } as FormResult }));
  }
  const submission = parseSubmission(formData, ProfileSchema);
  if (submission.status !== "success") return invalidSubmission(submission, ProfileSchema);
  const photo = formData.get("photo");
  try {
    await updateProfile({
      actor,
      email: target.email,
      ...submission.value,
      photo: photo instanceof File && photo.size > 0 ? Buffer.from(await photo.arrayBuffer()) : undefined,
    });
  } catch (error) {
    // The only INVALID here is the photo's (its bytes are not an image we take): shown beside it.
    if (isAppError(error, "INVALID")) {
      return data({ result: formResult(submission, ProfileSchema, { fieldErrors: { photo: [error.message] } }) }, { status: 400 });
    }
    return refusedSubmission(submission, ProfileSchema, error);
  }
  const back = actor.id === target.id ? "/dashboard/profile" : "/dashboard/user-management";
  return redirectWithToast(back, { type: "success", text: m.staff_successfully_updated() });
}

type FormResult = SubmissionResult<string[]>;

export default function EditProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const navigation = useNavigation();
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof ProfileFormSchema>>("profile", actionData?.result, {
    defaultValue: { name: profile.name, phone: profile.phone, address: profile.address, timeZone: profile.timeZone },
  });
  const saving = navigation.state === "submitting";
  return (
    <Page title={m.staff_edit_profile_title()}>
      <MultipartForm form={form} loadValidation={loadValidation} className="mt-4 grid max-w-xl gap-4">
        <Field label={m.staff_name()} field={fields.name} autoComplete="name" required maxLength={PROFILE_NAME_MAX_LENGTH} />
        <Field
          label={m.staff_email()}
          name="email"
          type="email"
          value={profile.email}
          disabled
          readOnly
          hint={m.staff_email_fixed_hint()}
        />
        <Field label={m.staff_phone()} field={fields.phone} type="tel" autoComplete="tel" maxLength={PROFILE_PHONE_MAX_LENGTH} />
        <Field label={m.staff_address()} field={fields.address} autoComplete="street-address" maxLength={PROFILE_ADDRESS_MAX_LENGTH} />
        <TimeZoneField field={fields.timeZone} hint={m.staff_time_zone_profile_hint()} />
        <div className="flex items-center gap-4">
          {profile.photo ? (
            <img src={profile.photo} alt={m.staff_current()} width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
          ) : null}
          <Field
            className="flex-1"
            label={m.staff_photo()}
            field={fields.photo}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hint={m.staff_photo_hint()}
          />
        </div>
        <div className="flex gap-3">
          <Button pending={saving}>{saving ? m.staff_saving() : m.staff_save()}</Button>
          <LinkButton
            href={localizedPath(loaderData.own ? "/dashboard/profile" : "/dashboard/user-management")}
            variant="outline"
            size="md"
          >
            {m.staff_back()}
          </LinkButton>
        </div>
      </MultipartForm>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_edit_profile_title() }) }];
