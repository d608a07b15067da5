/**
 * The zero of each run of ten decimal digits people may type instead of ASCII ones: Bangla
 * (০-৯, what a Bangla keyboard gives), Devanagari, Arabic-Indic, Extended Arabic-Indic (Urdu,
 * Persian) and full-width (some East Asian keyboards).
 */
const digitZeros = [0x09e6, 0x0966, 0x0660, 0x06f0, 0xff10] as const;

const otherDigits = new RegExp(`[${digitZeros.map((zero) => `\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}`).join("")}]`, "gu");

/**
 * A value with every digit written as ASCII: "০১৭১১-২৩৪৫৬৭" → "01711-234567". Numeric fields (phone,
 * and later GPA, scores, budgets) pass what was typed through it before their schema judges it,
 * so a number typed on a Bangla keyboard is accepted and stored as the same number in ASCII.
 */
export function asciiDigits(value: string): string {
  return value.replace(otherDigits, (digit) => {
    const code = digit.codePointAt(0) ?? 0;
    const zero = digitZeros.find((start) => code >= start && code <= start + 9) ?? code;
    return String(code - zero);
  });
}
