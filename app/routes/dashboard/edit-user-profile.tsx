import { data, Form, Link, useNavigation } from "react-router";
import { requireUser } from "~/.server/auth/session";
import { AppError, formFailure } from "~/.server/errors";
import { invalidForm, parseForm } from "~/.server/forms";
import { redirectWithToast } from "~/.server/toast";
import { readBoundedFormData } from "~/.server/uploads";
import { MAX_PHOTO_BYTES, photoUrl } from "~/.server/users/photo";
import { findEditableProfile, updateProfile } from "~/.server/users/profile";
import { profileSchema } from "~/.server/users/schemas";
import { Page } from "~/components/layout/page";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import type { Route } from "./+types/edit-user-profile";

async function loadTarget(request: Request, email: string) {
  const actor = await requireUser(request);
  try {
    return { actor, target: await findEditableProfile(actor, email) };
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    throw error;
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
    formData = await readBoundedFormData(request, MAX_PHOTO_BYTES + 64 * 1024);
  } catch (error) {
    return formFailure(error, {});
  }
  const form = parseForm(formData, profileSchema);
  if (!form.ok) return invalidForm(form.errors, form.values);
  const photo = formData.get("photo");
  try {
    await updateProfile({
      actor,
      email: target.email,
      ...form.data,
      photo: photo instanceof File && photo.size > 0 ? Buffer.from(await photo.arrayBuffer()) : undefined,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "INVALID") return invalidForm({ photo: error.message }, form.values);
    return formFailure(error, form.values);
  }
  const back = actor.id === target.id ? "/dashboard/profile" : "/dashboard/user-management";
  return redirectWithToast(back, { type: "success", text: "Successfully updated" });
}

export default function EditProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  return (
    <Page title="Edit profile">
      {actionData?.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <Form method="post" encType="multipart/form-data" className="mt-4 grid max-w-xl gap-4">
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.name ?? profile.name}
          error={errors.name}
        />
        <Field label="Email" name="email" type="email" value={profile.email} disabled readOnly hint="Your e-mail cannot be changed here." />
        <Field
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={20}
          defaultValue={values.phone ?? profile.phone}
          error={errors.phone}
        />
        <Field
          label="Address"
          name="address"
          autoComplete="street-address"
          maxLength={300}
          defaultValue={values.address ?? profile.address}
          error={errors.address}
        />
        <div className="flex items-center gap-4">
          {profile.photo ? (
            <img src={profile.photo} alt="Current" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
          ) : null}
          <Field
            className="flex-1"
            label="Photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hint="JPEG, PNG or WebP, at most 5 MB. Choose nothing to keep the current photo."
            error={errors.photo}
          />
        </div>
        <div className="flex gap-3">
          <SubmitButton pending={navigation.state === "submitting"}>{navigation.state === "submitting" ? "Saving…" : "Save"}</SubmitButton>
          <Link
            to={loaderData.own ? "/dashboard/profile" : "/dashboard/user-management"}
            className="rounded-md border border-slate-400 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Back
          </Link>
        </div>
      </Form>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Edit profile — Onward" }];
