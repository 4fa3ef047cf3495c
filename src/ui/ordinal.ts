// English ordinals for the UI's words ("2nd of 2 alike", "its 3rd send", "21st send (again)").
// Three files had their own copy; the Messages panel's went wrong past 20 ("21th").

/** `1st`, `2nd`, `3rd`, `4th`, `11th`–`13th`, `21st`, `112th`. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
