import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ContactDetailMatch,
  findContactDetails,
  HIDDEN_CONTACT_DETAILS,
  maskContactDetails,
} from "./contact-details";

// The table the issue asks for (decision 080): real ways members write a number, an address, a link or a handle,
// each either masked (the kinds found, in order) or deliberately allowed.
type Kind = ContactDetailMatch["kind"];
const cases: [input: string, expected: Kind[] | "allowed"][] = [
  // Australian mobiles
  ["Call me on 0412 345 678", ["phone"]],
  ["0412-345-678", ["phone"]],
  ["0412345678", ["phone"]],
  ["04.12.34.56.78", ["phone"]],
  ["0412/345/678", ["phone"]],
  ["0412_345_678", ["phone"]],
  ["+61 412 345 678", ["phone"]],
  ["+61412345678", ["phone"]],
  ["61412345678", ["phone"]],
  ["+61 (0) 412 345 678", ["phone"]],
  ["(04) 1234 5678", ["phone"]],
  ["04 1234 5678", ["phone"]],
  ["0412\n345\n678", ["phone"]],
  ["0412 345 678 or 0413 111 222", ["phone", "phone"]],
  // Landlines and business numbers
  ["(02) 9876 5432", ["phone"]],
  ["02 9876 5432", ["phone"]],
  ["(02)98765432", ["phone"]],
  ["03 9123 4567", ["phone"]],
  ["ph 9876 5432", ["phone"]],
  ["1300 123 456", ["phone"]],
  ["1800 123 456", ["phone"]],
  ["13 12 34", ["phone"]],
  // International
  ["+44 20 7946 0958", ["phone"]],
  ["+44 7911 123456", ["phone"]],
  ["+1 (415) 555-2671", ["phone"]],
  ["+1 (555) 123-4567", ["phone"]],
  ["0011 44 20 7946 0958", ["phone"]],
  ["+64 21 123 4567", ["phone"]],
  ["+61 412 then 345 678", ["phone"]],
  // Spelled out, letters for digits, disguised
  ["oh four one two three four five six seven eight", ["phone"]],
  ["zero four one two, three four five, six seven eight", ["phone"]],
  ["ZERO FOUR ONE TWO 345 678", ["phone"]],
  ["oh four double one, two three four, five six seven", ["phone"]],
  ["oh four twelve, three four five, six seven eight", ["phone"]],
  ["plus sixty one four one two three four five six seven eight", ["phone"]],
  ["04twelve 345 678", ["phone"]],
  ["0 4 1 2 3 4 5 6 7 8", ["phone"]],
  ["O4l2 345 678", ["phone"]],
  ["O412 three four five 678", ["phone"]],
  ["0412 and then 345 678", ["phone"]],
  ["0412 (three) 45 6 seven 8 - text me", ["phone"]],
  ["Call me - 04 12 - 345 - 678 - Sam", ["phone"]],
  ["０４１２ ３４５ ６７８", ["phone"]],
  ["0412\u200b345\u200b678", ["phone"]],
  ["0\ufe0f\u20e34\ufe0f\u20e31\ufe0f\u20e32\ufe0f\u20e3 345 678", ["phone"]],
  // E-mail addresses
  ["sam.jones@gmail.com", ["email"]],
  ["SAM_JONES92@OUTLOOK.COM.AU", ["email"]],
  ["sam dot jones at gmail dot com", ["email"]],
  ["sam (at) gmail [dot] com", ["email"]],
  ["sam @ gmail . com", ["email"]],
  ["sam[at]bigpond[dot]net[dot]au", ["email"]],
  ["sam{at}iinet{dot}net{dot}au", ["email"]],
  ["samjones at gmail", ["email"]],
  ["email me: sam@gmail", ["email"]],
  ["sam.jones＠gmail.com", ["email"]],
  // Links
  ["www.example.com", ["url"]],
  ["example.com.au/foo", ["url"]],
  ["http://samsgarage.net", ["url"]],
  ["https://bit.ly/abc", ["url"]],
  ["see my site samsgarage dot com dot au", ["url"]],
  ["gumtree.com.au/s-ad/123456789", ["url"]],
  // Messenger handles and invitations
  ["wa.me/61412345678", ["handle"]],
  ["fb.me/samjones", ["handle"]],
  ["m.me/samjones", ["handle"]],
  ["t.me/samj", ["handle"]],
  ["instagram.com/samj", ["handle"]],
  ["IG @samj", ["handle"]],
  ["insta: sam.jones", ["handle"]],
  ["snap me at samj99", ["handle"]],
  ["my snap is samj", ["handle"]],
  ["find me on telegram @x", ["handle"]],
  ["telegram username samj", ["handle"]],
  ["WhatsApp: @samj", ["handle"]],
  ["add me on FB", ["handle"]],
  ["add me on fb Sam Jones", ["handle"]],
  ["hit me up on whatsapp", ["handle"]],
  ["@sam_jones92", ["handle"]],
  ["@samj on insta", ["handle"]],
  ["@samj (telegram)", ["handle"]],
  ["fb: Sam Jones", ["handle"]],
  ["My IG is samj", ["handle"]],
  // Deliberately allowed: prices, years, distances, sizes, times and dates
  ["$12,500", "allowed"],
  ["12500 ono", "allowed"],
  ["Price 1,200 - 1,500", "allowed"],
  ["Someone offered 1 200 000 for it", "allowed"],
  ["2019 HiLux", "allowed"],
  ["2015 2016 2017 models", "allowed"],
  ["180,000 km", "allowed"],
  ["180000km", "allowed"],
  ["It's a 2015 model with 85,000 km, rego till 06/2026", "allowed"],
  ["2.4L", "allowed"],
  ["500cc", "allowed"],
  ["4.2 m", "allowed"],
  ["3x2", "allowed"],
  ["Dimensions 120 x 60 x 45 cm", "allowed"],
  ["61 cm wide, 245 cm long, 120 cm high, 450 kg", "allowed"],
  ["The frame is 2 x 1.5 m, weighs 25kg, bought for $1,299 in 2021", "allowed"],
  ["Sat 10am", "allowed"],
  ["10:30", "allowed"],
  ["ten o'clock works", "allowed"],
  ["12/06", "allowed"],
  ["12/06/2025", "allowed"],
  ["30/06 - 04/07", "allowed"],
  ["between 9:30 and 10.45 on 14.06.2025", "allowed"],
  ["Can you do $450? I can meet Saturday between 10 and 2 at Westfield Parramatta.", "allowed"],
  // Places: a postcode, a meeting place, a street address (decision 080: a place to meet is not a way to talk)
  ["2150", "allowed"],
  ["meet at 12 Smith St, Parramatta 2150", "allowed"],
  ["meet @ Bunnings", "allowed"],
  ["meet @Bunnings at 10", "allowed"],
  ["WA plates, 2019 model", "allowed"],
  // Our own name and address
  ["SwapShed", "allowed"],
  ["swapshed.com.au/listings/123456789", "allowed"],
  ["support@swapshed.com.au", "allowed"],
  // Model numbers and codes
  ["DJI Mini 3 Pro", "allowed"],
  ["iPhone 13", "allowed"],
  ["RTX 3080", "allowed"],
  ["4WD", "allowed"],
  ["V8", "allowed"],
  ["VIN 6T1BF3FK50X123456", "allowed"],
  // Words that only look like the tricks
  ["one bike and two helmets", "allowed"],
  ["it is a four stroke, two seater", "allowed"],
  ["Oh, fine. See you at 10", "allowed"],
  ["it comes with a pump plus 2 helmets", "allowed"],
  ["polka dot dress", "allowed"],
  ["see you at live music tonight", "allowed"],
  ["Thanks.Me too", "allowed"],
  ["my insta is private", "allowed"],
  ["saw it on insta yesterday", "allowed"],
  ["my fb is down", "allowed"],
  ["I use whatsapp mostly", "allowed"],
  ["no signal at the farm", "allowed"],
  ["Snap-on socket set", "allowed"],
];

const kindsIn = (text: string) => findContactDetails(text).map((match) => match.kind);

describe("contact details in a message", () => {
  it("has the table the issue asks for", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map(([input]) => input)).size).toBe(cases.length);
  });

  for (const [input, expected] of cases) {
    it(`${expected === "allowed" ? "allows" : `masks ${expected.join(", ")} in`} ${JSON.stringify(input)}`, () => {
      expect(kindsIn(input)).toEqual(expected === "allowed" ? [] : expected);
      // The same inside a sentence, and the sentence around it is kept exactly.
      const { text, masked } = maskContactDetails(`Hi there, ${input} - cheers`);
      expect(masked).toEqual(expected === "allowed" ? [] : expected);
      if (expected === "allowed") expect(text).toBe(`Hi there, ${input} - cheers`);
      else expect(text).toMatch(/^Hi there, .*\[contact details hidden until you both pay\].* - cheers$/s);
    });
  }

  it("masks exactly what the member typed and keeps the rest of the message", () => {
    expect(
      maskContactDetails("Happy to swap! Text oh four one two 345 678 after 5, or sam (at) gmail [dot] com."),
    ).toEqual({
      text: `Happy to swap! Text ${HIDDEN_CONTACT_DETAILS} after 5, or ${HIDDEN_CONTACT_DETAILS}.`,
      masked: ["phone", "email"],
    });
    expect(maskContactDetails("Meet @ Bunnings Sat 10am? My insta: sam.jones")).toEqual({
      text: `Meet @ Bunnings Sat 10am? My ${HIDDEN_CONTACT_DETAILS}`,
      masked: ["handle"],
    });
  });

  it("gives spans of the text as typed, not of the normalised text", () => {
    const text = "Sure. Ring O4l2 three four five 678 tonight";
    const [match] = findContactDetails(text);
    expect(text.slice(match.start, match.end)).toBe("O4l2 three four five 678");
    const wide = "call ０４１２ ３４５ ６７８!";
    const [number] = findContactDetails(wide);
    expect(wide.slice(number.start, number.end)).toBe("０４１２ ３４５ ６７８");
  });

  it("leaves a message with nothing to mask as it is", () => {
    const text = "Is the kayak still available? I can swap my 2019 HiLux tow bar (2.4L, 180,000 km) on Sat 10:30.";
    expect(maskContactDetails(text)).toEqual({ text, masked: [] });
  });

  it("reads a long message (2,000 characters) whole", () => {
    const filler =
      "The bike is a 2019 model, 21 gears, serviced last month for $120. Happy to meet at the station on Sat 10am. ";
    const text = `${filler.repeat(10)}Call 0412 345 678. ${filler.repeat(10)}Or sam.jones@gmail.com`;
    expect(text.length).toBeGreaterThan(2_000);
    const { text: masked, masked: kinds } = maskContactDetails(text);
    expect(kinds).toEqual(["phone", "email"]);
    expect(masked).toBe(
      `${filler.repeat(10)}Call ${HIDDEN_CONTACT_DETAILS}. ${filler.repeat(10)}Or ${HIDDEN_CONTACT_DETAILS}`,
    );
  });

  it("finds ordered, separate spans inside the text, and never its own placeholder", () => {
    expect(findContactDetails(HIDDEN_CONTACT_DETAILS)).toEqual([]);
    const pieces = fc.constantFrom(...cases.map(([input]) => input), " ", ", ", "\n", "at", "dot", "(", "-", "oh", "+");
    const message = fc.oneof(
      fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(" ")),
      fc.string(),
    );
    fc.assert(
      fc.property(message, (text) => {
        const found = findContactDetails(text);
        let end = 0;
        for (const match of found) {
          expect(match.start).toBeGreaterThanOrEqual(end);
          expect(match.end).toBeGreaterThan(match.start);
          end = match.end;
        }
        expect(end).toBeLessThanOrEqual(text.length);
        expect(maskContactDetails(text).masked).toHaveLength(found.length);
      }),
    );
  });
});
