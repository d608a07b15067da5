import sharp from "sharp";

/** A networking member as the add form takes her (networking.spec.ts, staff-keyboard.spec.ts). */
export const farhana = {
  name: "Farhana Sultana",
  company: "Aalto University",
  address: "Espoo",
  email: "farhana.abroad@example.com",
  phone: "+358 40 765 4321",
  profession: "Software Engineer",
  location: "Finland",
  category: "Software Engineer",
};

export type NetworkingMember = typeof farhana;

/** A square JPEG of `size` pixels, the kind of photo the add form takes. */
export const memberPhoto = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#0f766e" } })
    .jpeg()
    .toBuffer();
