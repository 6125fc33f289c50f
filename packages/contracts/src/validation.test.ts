import { describe, expect, it } from "vitest";
import { formatUserDate, parseUserDate, rangesOverlap } from "./dates.js";
import { addressAllowed, isValidNetwork } from "./network.js";
import { registerBody } from "./users.schema.js";
import { hasProhibitedCharacters, isIntegerText, nameField, parseNumber } from "./validation.js";

describe("numbers typed by people", () => {
  it.each([
    [" 12,5 ", 12.5],
    ["12.5", 12.5],
    ["-3", -3],
    ["0", 0],
    ["1e3", 1000],
  ])("%j reads as %d", (text, value) => expect(parseNumber(text)).toBe(value));

  it.each(["", "   ", "abc", "1,2,3", "12a", "Infinity", "NaN", "1e999"])("%j is not a number", (text) =>
    expect(parseNumber(text)).toBeNull(),
  );

  it("tells whole numbers from the rest", () => {
    expect(isIntegerText("42")).toBe(true);
    expect(isIntegerText("4.2")).toBe(false);
    expect(isIntegerText("4,2")).toBe(false);
  });
});

describe("dates typed by people", () => {
  it.each([
    ["05.3.2026", "2026-03-05"],
    ["05.03.2026", "2026-03-05"],
    ["5.03.26", "2026-03-05"],
    ["05.mar.2026", "2026-03-05"],
    ["05.марта.2026", "2026-03-05"],
    ["05.Март.2026", "2026-03-05"],
    ["05.janvier.2026", "2026-01-05"],
    ["05.December.2026", "2026-12-05"],
    ["05.03.2026 08:30", "2026-03-05T08:30"],
    ["2026-03-05", "2026-03-05"],
    ["29.02.2028", "2028-02-29"],
  ])("%j reads as %s", (text, iso) => expect(parseUserDate(text)).toBe(iso));

  it.each(["31.02.2026", "29.02.2026", "00.01.2026", "12.13.2026", "05.03.2026 24:00", "5/3/2026", "tomorrow", ""])(
    "%j is refused",
    (text) => expect(parseUserDate(text)).toBeNull(),
  );

  it("formats for display as DD.MM.YYYY and checks overlaps", () => {
    expect(formatUserDate("2026-03-05")).toBe("05.03.2026");
    expect(formatUserDate("2026-03-05T08:30", true)).toBe("05.03.2026 08:30");
    expect(
      rangesOverlap({ start: "2026-01-01", finish: "2026-01-10" }, { start: "2026-01-10", finish: "2026-02-01" }),
    ).toBe(true);
    expect(
      rangesOverlap({ start: "2026-01-01", finish: "2026-01-09" }, { start: "2026-01-10", finish: "2026-02-01" }),
    ).toBe(false);
  });
});

describe("names", () => {
  it("are trimmed, required, at most 32 characters, without prohibited characters", () => {
    expect(nameField.parse("  Объект 1  ")).toBe("Объект 1");
    expect(nameField.safeParse("").error?.issues[0].message).toBe("Required");
    expect(nameField.safeParse("ы".repeat(33)).error?.issues[0].message).toBe("MaxLength");
    expect(nameField.safeParse("a|b").error?.issues[0].message).toBe("ProhibitedCharacters");
    expect(hasProhibitedCharacters("Tab\there")).toBe(true);
    expect(hasProhibitedCharacters("Корпус №2 (секция А), этап 1-2")).toBe(false);
  });

  it("registration reports a password mismatch on the confirmation field", () => {
    const result = registerBody.safeParse({
      lastName: "A",
      firstName: "B",
      email: "a@b.co",
      login: "ab",
      password: "12345678",
      passwordConfirm: "87654321",
      secretQuestion: "Q",
      secretAnswer: "A",
      acceptPrivacyPolicy: true,
    });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["passwordConfirm", "PasswordMismatch"],
    ]);
  });
});

describe("IP allow-lists", () => {
  it("accept IPv4 and IPv6 networks and refuse nonsense", () => {
    for (const ok of ["10.0.0.0/8", "192.168.1.10", "::1", "2001:db8::/32", "0.0.0.0/0"])
      expect(isValidNetwork(ok)).toBe(true);
    for (const bad of ["10.0.0.0/33", "300.1.1.1", "10.0.0", "2001:db8::/129", "abc", "10.0.0.0/8/1", ""])
      expect(isValidNetwork(bad), bad).toBe(false);
  });

  it("match addresses, IPv4-mapped IPv6 included", () => {
    const list = ["10.1.0.0/16", "2001:db8::/32"];
    expect(addressAllowed("10.1.255.3", list)).toBe(true);
    expect(addressAllowed("::ffff:10.1.0.1", list)).toBe(true);
    expect(addressAllowed("10.2.0.1", list)).toBe(false);
    expect(addressAllowed("2001:db8:1::1", list)).toBe(true);
    expect(addressAllowed("2001:db9::1", list)).toBe(false);
  });
});
