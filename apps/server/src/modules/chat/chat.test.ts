import type { ServerEvent } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Field = string | string[];
type File = { name: string; bytes: Buffer; type?: string };

/** A chat form (multipart) sent as the actor, with X-Space-Id and the answer's language. */
async function send(
  who: Actor,
  method: "POST" | "PATCH",
  fields: Record<string, Field>,
  files: File[] = [],
  language = "en",
) {
  const boundary = "----planum-chat-test";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value])
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`));
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await server.app.inject({
    method,
    url: `/api/v1/chat/${method === "POST" ? "create-message" : "update-message"}`,
    payload: Buffer.concat(parts),
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
      "x-space-id": who.spaceId,
      "x-language": language,
    },
  });
  return { status: response.statusCode, body: response.json() };
}

async function post(who: Actor, chatId: string, text: string, extra: Record<string, Field> = {}, files: File[] = []) {
  const answer = await send(who, "POST", { chatId, text, ...extra }, files);
  if (answer.status !== 200) throw new Error(`message failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const chatEvents = () =>
  server.ctx.realtime.sent.filter((event): event is Extract<ServerEvent, { chatId: string }> =>
    event.type.startsWith("chat_message_"),
  );

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe("chat of a node", () => {
  it("posts with a mention and a file, tells only the chat's members, counts unread until read", async () => {
    const { owner, member, stranger, root } = await setUpWorkspace(server);
    const chat = (await owner.call("GET", `/chat/eps/${root.id}`)).body.data;
    expect(chat).toMatchObject({ nodeId: root.id, title: "Корпус А", total: 0, unread: 0, lastReadSeq: 0 });
    // Opening again finds the same chat.
    expect((await member.call("GET", `/chat/eps/${root.id}`)).body.data.id).toBe(chat.id);

    const members = (await owner.call("GET", `/chat/${chat.id}/users`)).body.data;
    expect(members.map((m: { id: string }) => m.id).sort()).toEqual([owner.userId, member.userId].sort());
    expect(members.map((m: { id: string }) => m.id)).not.toContain(stranger.userId);

    const toUsers = vi.spyOn(server.ctx.realtime, "toUsers");
    const message = await post(owner, chat.id, "Бетон **завтра** в 8:00, @Petrova", { mentions: [member.userId] }, [
      { name: "акт.pdf", bytes: Buffer.from("%PDF-1.4 test") },
      { name: "фото (1).png", bytes: PNG },
      { name: "page.png", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
    ]);
    expect(message).toMatchObject({
      chatId: chat.id,
      seq: 1,
      text: "Бетон **завтра** в 8:00, @Petrova",
      mentions: [member.userId],
      author: { id: owner.userId, name: "Petrova Anna", hasAvatar: false },
      attachments: [
        // named as an image, not one by its bytes: kept and served as unknown bytes, never shown in place
        { name: "page.png", mediaType: "application/octet-stream" },
        { name: "акт.pdf", size: 13, mediaType: "application/pdf" },
        { name: "фото (1).png", size: PNG.length, mediaType: "image/png" },
      ],
      reactions: [],
      editedAt: null,
    });
    // The event goes to the members' sockets only, with the message for the toast.
    const [recipients, event] = toUsers.mock.calls.at(-1) ?? [];
    expect([...(recipients ?? [])].sort()).toEqual([owner.userId, member.userId].sort());
    expect(event).toMatchObject({
      type: "chat_message_created",
      chatId: chat.id,
      title: "Корпус А",
      messageId: message.id,
    });
    toUsers.mockRestore();

    // The member has one unread (the author none), in the chat and in the list; the unread filter shows it.
    expect((await member.call("GET", `/chat/${chat.id}`)).body.data).toMatchObject({ total: 1, unread: 1 });
    expect((await owner.call("GET", `/chat/${chat.id}`)).body.data).toMatchObject({ unread: 0, lastReadSeq: 1 });
    const unreadList = (await member.call("GET", "/chat?filter=unread")).body.data;
    expect(unreadList.map((c: { id: string }) => c.id)).toEqual([chat.id]);
    const unreadPage = (await member.call("GET", `/chat/${chat.id}/messages?filter=unread`)).body.data;
    expect(unreadPage.items.map((m: { id: string }) => m.id)).toEqual([message.id]);

    // The files download for a member with their type and original name; the image alone is shown in place.
    const fetchFile = (name: string) =>
      server.app.inject({
        method: "GET",
        url: `/api/v1/chat/${chat.id}/files/${message.attachments.find((a: { name: string }) => a.name === name).id}`,
        headers: { authorization: `Bearer ${member.token}`, "x-space-id": member.spaceId },
      });
    const file = await fetchFile("акт.pdf");
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe("%PDF-1.4 test");
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''%D0%B0%D0%BA%D1%82.pdf`,
    );
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    const image = await fetchFile("фото (1).png");
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["content-disposition"]).toBe(
      `inline; filename="____ (1).png"; filename*=UTF-8''%D1%84%D0%BE%D1%82%D0%BE%20%281%29.png`,
    );
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const page = await fetchFile("page.png");
    expect(page.headers["content-type"]).toBe("application/octet-stream");
    expect(page.headers["content-disposition"]).toMatch(/^attachment; filename="page.png";/);
    expect(page.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");

    const read = await member.call("PATCH", "/chat/update-last-read", { chatId: chat.id });
    expect(read.body.data).toEqual({ chatId: chat.id, lastReadSeq: 1, unread: 0 });
    expect((await member.call("GET", "/chat?filter=unread")).body.data).toEqual([]);
    expect((await member.call("GET", "/chat")).body.data.map((c: { id: string }) => c.id)).toContain(chat.id);
    // A stale mark from another tab never moves it back.
    await member.call("PATCH", "/chat/update-last-read", { chatId: chat.id, seq: 0 });
    expect((await member.call("GET", `/chat/${chat.id}`)).body.data.lastReadSeq).toBe(1);
  });

  it("pages by cursor from the latest back to the first, and searches", async () => {
    const { owner, root } = await setUpWorkspace(server);
    const chat = (await owner.call("GET", `/chat/eps/${root.id}`)).body.data;
    for (let i = 1; i <= 7; i++) await post(owner, chat.id, `Сообщение ${i}${i === 5 ? " про арматуру" : ""}`);
    const first = (await owner.call("GET", `/chat/${chat.id}/messages?limit=3`)).body.data;
    expect(first.items.map((m: { seq: number }) => m.seq)).toEqual([5, 6, 7]);
    const second = (await owner.call("GET", `/chat/${chat.id}/messages?limit=3&before=${first.nextBefore}`)).body.data;
    expect(second.items.map((m: { seq: number }) => m.seq)).toEqual([2, 3, 4]);
    const last = (await owner.call("GET", `/chat/${chat.id}/messages?limit=3&before=${second.nextBefore}`)).body.data;
    expect(last).toMatchObject({ nextBefore: null });
    expect(last.items.map((m: { seq: number }) => m.seq)).toEqual([1]);

    const found = (await owner.call("GET", `/chat/${chat.id}/messages?search=${encodeURIComponent("АРМАТУР")}`)).body
      .data;
    expect(found.items.map((m: { text: string }) => m.text)).toEqual(["Сообщение 5 про арматуру"]);
    // LIKE wildcards are searched for, not obeyed.
    expect((await owner.call("GET", `/chat/${chat.id}/messages?search=%25`)).body.data.items).toEqual([]);
  });

  it("reactions toggle per member; edit and delete belong to the author", async () => {
    const { owner, member, root } = await setUpWorkspace(server);
    const chat = (await owner.call("GET", `/chat/eps/${root.id}`)).body.data;
    const message = await post(owner, chat.id, "Проверьте отметки", {}, [
      { name: "old.txt", bytes: Buffer.from("old") },
    ]);
    const url = `/chat/${chat.id}/${message.id}/update-reaction`;
    expect((await member.call("PATCH", url, { emoji: "👍" })).body.data.reactions).toEqual([
      { emoji: "👍", count: 1, mine: true },
    ]);
    expect((await owner.call("PATCH", url, { emoji: "👍" })).body.data.reactions).toEqual([
      { emoji: "👍", count: 2, mine: true },
    ]);
    expect((await member.call("PATCH", url, { emoji: "👍" })).body.data.reactions).toEqual([
      { emoji: "👍", count: 1, mine: false },
    ]);
    expect((await member.call("PATCH", url, { emoji: "<script>" })).body.errors[0].code).toBe("InvalidValue");

    // Another member may neither edit nor delete it: a localized refusal, nothing changed.
    const refused = await send(member, "PATCH", { chatId: chat.id, messageId: message.id, text: "Подмена" }, [], "ru");
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({
      code: "ChatNotAuthor",
      message: "Изменить или удалить сообщение может только его автор",
    });
    expect((await member.call("DELETE", `/chat/${chat.id}/${message.id}`)).body.errors[0].code).toBe("ChatNotAuthor");
    expect((await owner.call("GET", `/chat/${chat.id}/message?messageId=${message.id}`)).body.data.text).toBe(
      "Проверьте отметки",
    );

    server.ctx.realtime.sent.length = 0;
    const edited = await send(
      owner,
      "PATCH",
      {
        chatId: chat.id,
        messageId: message.id,
        text: "Проверьте отметки осей",
        removeAttachmentIds: message.attachments[0].id,
      },
      [{ name: "new.png", bytes: Buffer.from("not really a png") }],
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ text: "Проверьте отметки осей", editedAt: expect.any(String) });
    expect(edited.body.data.attachments.map((a: { name: string }) => a.name)).toEqual(["new.png"]);
    expect(chatEvents().map((e) => e.type)).toEqual(["chat_message_updated"]);

    expect((await owner.call("DELETE", `/chat/${chat.id}/${message.id}`)).body.data).toEqual({ deleted: 1 });
    expect(chatEvents().at(-1)).toMatchObject({ type: "chat_message_deleted", messageId: message.id, message: null });
    expect((await member.call("GET", `/chat/${chat.id}/messages`)).body.data.items).toEqual([]);
  });
});

describe("chat of a work", () => {
  it("opens per work of a version, titled with the work's code and name", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    const work = await addItem(owner, version.id, { type: "work", name: "Монтаж опалубки", code: "A10" });
    const chat = (await member.call("GET", `/chat/work/${version.id}/${work.id}`)).body.data;
    expect(chat).toMatchObject({ versionId: version.id, wbsId: work.id, nodeId: null, title: "A10 Монтаж опалубки" });
    await post(member, chat.id, "Опалубка готова");
    expect((await owner.call("GET", `/chat/${chat.id}`)).body.data).toMatchObject({ unread: 1, total: 1 });
    expect((await owner.call("GET", `/chat/work/${version.id}/999999999`)).status).toBe(404);
  });
});

describe("bad input writes nothing", () => {
  it("refuses large files, forbidden types, long or empty texts and mentions of outsiders, in the caller's language", async () => {
    const { owner, stranger, root } = await setUpWorkspace(server);
    const chat = (await owner.call("GET", `/chat/eps/${root.id}`)).body.data;
    const cases: [Record<string, Field>, File[], string, string][] = [
      [
        { text: "big" },
        [{ name: "big.bin", bytes: Buffer.alloc(10 * 1024 * 1024 + 1) }],
        "FileTooLarge",
        "The file is larger than 10 MB",
      ],
      [
        { text: "run me" },
        [{ name: "setup.EXE", bytes: Buffer.from("MZ") }],
        "UnsupportedFileType",
        "This type of file is not supported",
      ],
      [
        { text: "page" },
        [{ name: "x.html", bytes: Buffer.from("<script>") }],
        "UnsupportedFileType",
        "This type of file is not supported",
      ],
      [{ text: "x".repeat(4001) }, [], "MaxLength", "The field exceeds the maximum line length - 4000 characters"],
      [{ text: "   " }, [], "Required", "The field is required"],
      [{ text: "hi", mentions: stranger.userId }, [], "InvalidValue", ""],
    ];
    for (const [fields, files, code, message] of cases) {
      const answer = await send(owner, "POST", { chatId: chat.id, ...fields }, files);
      expect(answer.status, code).toBe(400);
      expect(answer.body.errors[0].code).toBe(code);
      if (message) expect(answer.body.errors[0].message).toBe(message);
    }
    expect((await owner.call("GET", `/chat/${chat.id}`)).body.data.total).toBe(0);
  });
});

describe("the list of chats", () => {
  it("keeps the chats whose place the caller may read, a schedule granted to their role included", async () => {
    const { owner, member, root, version, schedule, roleId } = await setUpWorkspace(server, ["eps:read"]);
    const work = await addItem(owner, version.id, { type: "work", name: "Кладка", code: "K1", duration: 480 });
    const nodeChat = (await owner.call("GET", `/chat/eps/${root.id}`)).body.data;
    const workChat = (await owner.call("GET", `/chat/work/${version.id}/${work.id}`)).body.data;
    await post(owner, nodeChat.id, "О корпусе");
    await post(owner, workChat.id, "О кладке");
    const listed = async () => ((await member.call("GET", "/chat")).body.data as { id: string }[]).map((c) => c.id);
    // The member reads the structure but no schedule: the work's chat is not theirs.
    expect(await listed()).toEqual([nodeChat.id]);
    // Granted schedule:read on the schedule through their role, they see both.
    const granted = await owner.call("POST", "/access/grant", {
      roleId,
      resourceId: schedule.id,
      abilities: ["schedule:read"],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await listed()).sort()).toEqual([nodeChat.id, workChat.id].sort());
    expect((await owner.call("GET", "/chat")).body.data).toHaveLength(2);
  });
});

describe("another space", () => {
  it("reads and changes nothing of a chat", async () => {
    const { owner, stranger, intruder, root } = await setUpWorkspace(server);
    const chat = (await owner.call("GET", `/chat/eps/${root.id}`)).body.data;
    const message = await post(owner, chat.id, "Только для своих", {}, [{ name: "a.txt", bytes: Buffer.from("a") }]);
    // Aimed at the first space: not a member there.
    for (const [method, url, body] of [
      ["GET", `/chat/eps/${root.id}`],
      ["GET", `/chat/${chat.id}`],
      ["GET", `/chat/${chat.id}/messages`],
      ["GET", "/chat"],
      ["PATCH", "/chat/update-last-read", { chatId: chat.id }],
    ] as const)
      expect((await intruder.call(method, url, body)).status, url).toBe(403);
    // From their own space: the chat is not there.
    for (const [method, url, body] of [
      ["GET", `/chat/eps/${root.id}`],
      ["GET", `/chat/${chat.id}`],
      ["GET", `/chat/${chat.id}/messages`],
      ["GET", `/chat/${chat.id}/message?messageId=${message.id}`],
      ["GET", `/chat/${chat.id}/users`],
      ["GET", `/chat/${chat.id}/files/${message.attachments[0].id}`],
      ["PATCH", `/chat/${chat.id}/${message.id}/update-reaction`, { emoji: "👍" }],
      ["DELETE", `/chat/${chat.id}/${message.id}`],
      ["PATCH", "/chat/update-last-read", { chatId: chat.id }],
    ] as const)
      expect((await stranger.call(method, url, body)).status, url).toBe(404);
    expect((await send(stranger, "POST", { chatId: chat.id, text: "спам" })).status).toBe(404);
    expect((await send(stranger, "PATCH", { chatId: chat.id, messageId: message.id, text: "спам" })).status).toBe(404);
    expect((await stranger.call("GET", "/chat")).body.data).toEqual([]);
    const kept = (await owner.call("GET", `/chat/${chat.id}/messages`)).body.data.items;
    expect(kept).toMatchObject([{ text: "Только для своих", reactions: [] }]);
  });

  it("keeps the chat settings per member", async () => {
    const { owner, member } = await setUpWorkspace(server);
    expect((await owner.call("GET", "/chat/settings")).body.data).toEqual({ filter: "all", toasts: true });
    expect((await owner.call("POST", "/chat/set-chat-settings", { filter: "unread" })).body.data).toEqual({
      filter: "unread",
      toasts: true,
    });
    expect((await owner.call("POST", "/chat/set-chat-settings", { filter: "new" })).body.errors[0].code).toBe(
      "InvalidValue",
    );
    expect((await owner.call("GET", "/chat/settings")).body.data.filter).toBe("unread");
    expect((await member.call("GET", "/chat/settings")).body.data.filter).toBe("all");
  });
});
