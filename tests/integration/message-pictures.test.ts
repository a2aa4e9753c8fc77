// Pictures in messages (issue 26, decision 087) through the real app: sent as a multipart form to the API (what the
// thread page posts is read by the same readMessageForm), checked and re-encoded by the listing pictures' pipeline,
// served to the thread's two members only, and removed with the member's words by the purge. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { purgeDeletedMembers } from "#core/accounts/purge-deleted-members.ts";
import { collectConversationData } from "#core/conversations/collect-conversation-data.ts";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { THREAD_NOT_FOUND } from "#core/conversations/conversation-guards.ts";
import { BLOCKED_PAIR } from "#core/conversations/member-blocks.ts";
import {
  canSeeMessagePicture,
  deleteMessagePictures,
  releaseMessagePictures,
} from "#core/conversations/message-pictures.ts";
import { MESSAGE_REQUIRED, TOO_MANY_MESSAGE_PICTURES } from "#core/conversations/message-rules.ts";
import { systemClock } from "#core/shared/clock.ts";
import { NUL_REFUSED } from "#core/shared/nul-characters.ts";
import { conversationMessages, memberBlocks } from "#db/schema/conversations.ts";
import { pendingFiles } from "#db/schema/ops.ts";
import { profiles } from "#db/schema/profiles.ts";
import { sameOrigin, signUpMember } from "../support/api-factories";
import { appWithUploads, filesUnder } from "../support/app-with-uploads";
import { createListing } from "../support/factories";
import { makeJpeg, type Upload } from "../support/images";

const { db, testApp, app, uploadsDir } = await appWithUploads();
const storage = testApp.storage;

const INVALID = "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.";
type Member = { userId: string; cookie: string };
type Picture = { key: string; widths: number[]; urls: { width: number; url: string }[] };
type Line = { id: string; body: string | null; mine: boolean; pictures: Picture[] };

/** Two members and the thread the second opened about the first's listing. */
async function thread() {
  const owner = await signUpMember(testApp, { name: "Olivia Bennett" });
  const asker = await signUpMember(testApp, { name: "Arlo Nguyen" });
  const listingId = await createListing(db, owner.userId, { title: "Stihl chainsaw" });
  const res = await app.request(`/api/v1/listings/${listingId}/conversation`, {
    method: "POST",
    headers: sameOrigin(asker.cookie),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { owner, asker, id };
}

/** POSTs a message as the multipart form the thread page and an API client send. */
async function sendForm(
  who: Member,
  conversationId: string,
  { body, pictures = [] }: { body?: string; pictures?: Upload[] },
) {
  const form = new FormData();
  if (body !== undefined) form.append("body", body);
  for (const [i, upload] of pictures.entries()) {
    const bytes = typeof upload.body === "string" ? upload.body : new Uint8Array(upload.body);
    form.append(
      "pictures",
      new File([bytes], upload.name ?? `photo-${i + 1}.jpg`, { type: upload.type ?? "image/jpeg" }),
    );
  }
  const res = await app.request(`/api/v1/conversations/${conversationId}/messages`, {
    method: "POST",
    body: form,
    headers: sameOrigin(who.cookie),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { fields?: Record<string, string> },
  };
}

async function linesOf(who: Member, conversationId: string) {
  const res = await app.request(`/api/v1/conversations/${conversationId}/messages`, {
    headers: { cookie: who.cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: Line[] }).messages;
}

const fetchAs = (url: string, who?: Member) => app.request(url, { headers: who ? { cookie: who.cookie } : {} });
const pendingNotes = () => db.select().from(pendingFiles);
const rowsOf = (conversationId: string) =>
  db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId));

describe("sending pictures", () => {
  test("pictures are re-encoded to WebP at the listing widths, their EXIF and GPS position gone, under unguessable keys", async () => {
    const { asker, id } = await thread();
    const photo = await makeJpeg({ width: 1300, height: 900, exif: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const sent = await sendForm(asker, id, {
      body: "Here it is from both sides",
      pictures: [{ body: photo }, { body: await makeJpeg({ width: 200, height: 150 }) }],
    });
    expect(sent.status).toBe(201);

    const [row] = await rowsOf(id);
    expect(row.body).toBe("Here it is from both sides");
    expect(row.pictures.map((picture) => picture.widths)).toEqual([[320, 640, 1200], [200]]);
    for (const picture of row.pictures) expect(picture.key).toMatch(new RegExp(`^messages/${id}/\\d+-[0-9a-f]{32}$`));
    const files = filesUnder(uploadsDir).filter((file) => file.startsWith(`messages/${id}/`));
    expect(files).toHaveLength(4);
    for (const file of files) {
      const stored = await storage.get(file);
      const metadata = await sharp(stored?.body).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
      expect(stored?.body.includes("SwapShedCam")).toBe(false);
      expect(stored?.body.includes("Kylie Nguyen")).toBe(false);
    }
    expect(await pendingNotes()).toEqual([]);
  });

  test("a message may be pictures only; without pictures it still needs words", async () => {
    const { owner, id } = await thread();
    const sent = await sendForm(owner, id, { pictures: [{ body: await makeJpeg({ width: 400, height: 300 }) }] });
    expect(sent.status).toBe(201);
    const [row] = await rowsOf(id);
    expect(row.body).toBeNull();
    expect(row.pictures).toHaveLength(1);

    const empty = await sendForm(owner, id, { body: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(MESSAGE_REQUIRED);
  });

  test("more than 4 pictures are refused with the form's message, and nothing is stored", async () => {
    const { asker, id } = await thread();
    const before = filesUnder(uploadsDir);
    const picture = { body: await makeJpeg({ width: 300, height: 200 }) };
    const sent = await sendForm(asker, id, {
      body: "Five of them",
      pictures: [picture, picture, picture, picture, picture],
    });
    expect(sent.status).toBe(400);
    expect(sent.body.error).toBe(TOO_MANY_MESSAGE_PICTURES);
    expect(sent.body.error).toBe("You can add up to 4 pictures to a message");
    expect(sent.body.fields).toEqual({ pictures: TOO_MANY_MESSAGE_PICTURES });
    expect(await rowsOf(id)).toEqual([]);
    expect(filesUnder(uploadsDir)).toEqual(before);
    expect(await pendingNotes()).toEqual([]);
  });

  test("a file that is not a picture by its bytes is refused by name, whatever it is called; nothing is stored", async () => {
    const { asker, id } = await thread();
    const before = filesUnder(uploadsDir);
    const sent = await sendForm(asker, id, {
      body: "Look",
      pictures: [{ body: await makeJpeg() }, { body: "<svg onload=alert(1)>", name: "fake.jpg" }],
    });
    expect(sent.status).toBe(400);
    expect(sent.body.error).toBe(`fake.jpg: ${INVALID}`);
    expect(sent.body.fields).toEqual({ pictures: `fake.jpg: ${INVALID}` });
    expect(await rowsOf(id)).toEqual([]);
    expect(filesUnder(uploadsDir)).toEqual(before);
  });

  test("a message refused inside the transaction (a block) leaves no file and no note behind", async () => {
    const { owner, asker, id } = await thread();
    await db.insert(memberBlocks).values({ blockerId: owner.userId, blockedId: asker.userId, createdAt: new Date() });
    const before = filesUnder(uploadsDir);
    const sent = await sendForm(asker, id, { body: "Still there?", pictures: [{ body: await makeJpeg() }] });
    expect(sent.status).toBe(403);
    expect(sent.body.error).toBe(BLOCKED_PAIR);
    expect(await rowsOf(id)).toEqual([]);
    expect(filesUnder(uploadsDir)).toEqual(before);
    expect(await pendingNotes()).toEqual([]);
  });

  test("a member of another thread cannot send pictures into this one: the thread's 404, nothing processed or stored", async () => {
    const { id } = await thread();
    const stranger = await signUpMember(testApp, { name: "Sam Stranger" });
    const before = filesUnder(uploadsDir);
    const sent = await sendForm(stranger, id, { body: "Hi", pictures: [{ body: await makeJpeg() }] });
    expect(sent.status).toBe(404);
    expect(sent.body.error).toBe(THREAD_NOT_FOUND);
    expect(filesUnder(uploadsDir)).toEqual(before);
  });

  test("a NUL in the words of a picture form is refused before anything is stored", async () => {
    const { asker, id } = await thread();
    const before = filesUnder(uploadsDir);
    const sent = await sendForm(asker, id, { body: "Hi\u0000there", pictures: [{ body: await makeJpeg() }] });
    expect(sent.status).toBe(400);
    expect(sent.body.error).toBe(NUL_REFUSED);
    expect(await rowsOf(id)).toEqual([]);
    expect(filesUnder(uploadsDir)).toEqual(before);
  });

  test("pictures over the size limit are refused with the spec's message", async () => {
    const { asker, id } = await thread();
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const sent = await sendForm(asker, id, { pictures: [{ body: big, name: "huge.jpg" }] });
    expect(sent.status).toBe(400);
    expect(sent.body.error).toBe("huge.jpg: File size exceeds 5MB limit.");
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe("seeing pictures", () => {
  test("both members see them, with their addresses, privately cached; everyone else gets a 404", async () => {
    const { owner, asker, id } = await thread();
    expect(
      (
        await sendForm(asker, id, {
          body: "The blade",
          pictures: [{ body: await makeJpeg({ width: 700, height: 500 }) }],
        })
      ).status,
    ).toBe(201);
    const [line] = await linesOf(owner, id);
    expect(line.mine).toBe(false);
    const [picture] = line.pictures;
    expect(picture.widths).toEqual([320, 640]);
    expect(picture.urls.map((u) => u.url)).toEqual([
      `/uploads/${picture.key}-320.webp`,
      `/uploads/${picture.key}-640.webp`,
    ]);
    expect((await linesOf(asker, id))[0].pictures).toEqual(line.pictures);

    for (const who of [owner, asker]) {
      const res = await fetchAs(picture.urls[0].url, who);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const stranger = await signUpMember(testApp, { name: "Third Member" });
    for (const url of picture.urls.map((u) => u.url)) {
      expect((await fetchAs(url, stranger)).status).toBe(404);
      expect((await fetchAs(url)).status).toBe(404);
    }
    expect(await canSeeMessagePicture(db, { key: picture.key, viewerId: stranger.userId })).toBe(false);
    expect(await canSeeMessagePicture(db, { key: picture.key, viewerId: owner.userId })).toBe(true);
    // The same answer for a picture that is not there, a width that is not stored, and a key bent out of shape.
    const missing = `/uploads/messages/${id}/1700000000000-${"0".repeat(32)}-320.webp`;
    expect((await fetchAs(missing, owner)).status).toBe(404);
    expect((await fetchAs(`/uploads/${picture.key}-1200.webp`, owner)).status).toBe(404);
    expect((await fetchAs(`/uploads/messages/${id}/..%2F..%2Fsecret-320.webp`, owner)).status).toBe(404);
    // Never through a listing picture's address.
    expect((await fetchAs(`/uploads/listings/${id}/${picture.key.split("/")[2]}-320.webp`, owner)).status).toBe(404);
  });

  test("the member's data download lists their own pictures, not the other member's", async () => {
    const { owner, asker, id } = await thread();
    await sendForm(asker, id, { pictures: [{ body: await makeJpeg({ width: 400, height: 300 }) }] });
    await sendForm(owner, id, { body: "Nice", pictures: [{ body: await makeJpeg({ width: 400, height: 300 }) }] });
    const data = await collectConversationData({ db, mask: maskContactDetails }, { userId: asker.userId });
    const messages = data.conversations.find((c) => c.id === id)?.messages ?? [];
    const [mine, theirs] = messages.filter((m) => m.kind === "text");
    expect(mine.pictures).toHaveLength(1);
    expect(mine.pictures[0]).toMatch(new RegExp(`^/uploads/messages/${id}/\\d+-[0-9a-f]{32}-320\\.webp$`));
    expect(theirs.pictures).toEqual([]);
  });
});

describe("removing pictures", () => {
  test("the purge after 30 days deletes the member's picture files, and keeps the other member's", async () => {
    const { owner, asker, id } = await thread();
    await sendForm(asker, id, {
      body: "Mine",
      pictures: [{ body: await makeJpeg() }, { body: await makeJpeg({ width: 300, height: 300 }) }],
    });
    await sendForm(owner, id, { body: "Theirs", pictures: [{ body: await makeJpeg({ width: 300, height: 300 }) }] });
    const rows = await rowsOf(id);
    const askerKeys = rows.filter((r) => r.senderId === asker.userId).flatMap((r) => r.pictures.map((p) => p.key));
    const ownerKeys = rows.filter((r) => r.senderId === owner.userId).flatMap((r) => r.pictures.map((p) => p.key));
    const filesOf = (keys: string[]) =>
      filesUnder(uploadsDir).filter((file) => keys.some((key) => file.startsWith(`${key}-`)));
    expect(filesOf(askerKeys)).toHaveLength(3); // 800 px: 320 and 640; 300 px: its own width
    const askerUrl = `/uploads/${askerKeys[0]}-320.webp`;
    expect((await fetchAs(askerUrl, owner)).status).toBe(200);

    const past = new Date(Date.now() - 60_000);
    await db
      .update(profiles)
      .set({ deletedAt: past, permanentDeletionAt: past })
      .where(eq(profiles.userId, asker.userId));
    expect(await purgeDeletedMembers({ db, clock: systemClock, storage })).toContain(asker.userId);

    expect(filesOf(askerKeys)).toEqual([]);
    expect(filesOf(ownerKeys)).toHaveLength(1);
    expect((await fetchAs(askerUrl, owner)).status).toBe(404);
    const after = await rowsOf(id);
    expect(after.find((r) => r.senderId === asker.userId)).toMatchObject({ body: null, pictures: [] });
    expect(after.find((r) => r.senderId === owner.userId)?.pictures).toHaveLength(1);
    expect(await pendingNotes()).toEqual([]);
  });

  test("a staff removal releases a message's pictures in its transaction and deletes the files after it", async () => {
    const { asker, id } = await thread();
    await sendForm(asker, id, {
      body: "Reported one",
      pictures: [{ body: await makeJpeg({ width: 300, height: 300 }) }],
    });
    const [row] = await rowsOf(id);
    const now = new Date();
    const note = await db.transaction(async (tx) => {
      const released = await releaseMessagePictures(tx, { messageIds: [row.id], now });
      await tx
        .update(conversationMessages)
        .set({ body: null, pictures: [], removedAt: now })
        .where(eq(conversationMessages.id, row.id));
      return released;
    });
    expect(note).not.toBeNull();
    expect(await deleteMessagePictures({ db, storage }, note)).toBe(1);
    expect(filesUnder(uploadsDir).filter((file) => file.startsWith(row.pictures[0].key))).toEqual([]);
    expect(await pendingNotes()).toEqual([]);
    // A message without pictures has nothing to release.
    expect(await db.transaction((tx) => releaseMessagePictures(tx, { messageIds: [row.id], now }))).toBeNull();
  });
});
