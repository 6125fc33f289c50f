import { describe, expect, it } from "vitest";
import { ApiRequestError, errorsOf, normalizeErrors } from "./api-error";

describe("normalizeErrors", () => {
  it("keeps the envelope's errors", () => {
    const body = { success: false, errors: [{ code: "LoginTaken", message: "taken", params: { field: "login" } }] };
    expect(normalizeErrors(409, body, "Conflict")).toEqual([
      { code: "LoginTaken", message: "taken", params: { field: "login" } },
    ]);
  });

  it("maps an unknown code to the status's code and keeps the raw text", () => {
    const body = { errors: [{ code: "SomethingNew", error_message: "raw text" }] };
    expect(normalizeErrors(403, body, "Forbidden")).toEqual([
      { code: "Forbidden", message: "raw text", params: undefined },
    ]);
  });

  it("builds one error from the status when the body is not an envelope", () => {
    expect(normalizeErrors(502, null, "Bad Gateway")).toEqual([{ code: "UnknownException", message: "Bad Gateway" }]);
    expect(normalizeErrors(401, "<html>", "Unauthorized")).toEqual([{ code: "Unauthorized", message: "Unauthorized" }]);
  });
});

describe("errorsOf", () => {
  it("reads an ApiRequestError's list and wraps anything else", () => {
    const error = new ApiRequestError(404, [{ code: "SpaceNotFound", message: "gone" }]);
    expect(errorsOf(error)).toEqual([{ code: "SpaceNotFound", message: "gone" }]);
    expect(error.hasCode("SpaceNotFound")).toBe(true);
    expect(errorsOf(new TypeError("Failed to fetch"))).toEqual([
      { code: "UnknownException", message: "Failed to fetch" },
    ]);
  });
});
