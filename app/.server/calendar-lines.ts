// iCalendar content lines (RFC 5545 §3.1), for the booking invitations and the calendar feed.

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): CRLF and one space before each
 * continuation, which then holds 74 octets; a break falls between characters, never inside one's
 * UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const character of line) {
    const size = Buffer.byteLength(character, "utf8");
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * An iCalendar text with every line folded at 75 octets: the `ics` package folds at 75
 * characters, so a line of Bangla (three octets a letter) overflows; its folds are undone first.
 */
export function refoldLines(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  return lines.map(foldLine).join("\r\n");
}
