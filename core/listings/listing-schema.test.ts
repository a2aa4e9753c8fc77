import { describe, expect, test } from "vitest";
import {
  checkChosenFile,
  checkChosenFiles,
  IMAGE_REQUIRED,
  listingFieldsSchema,
  MAX_IMAGE_BYTES,
  recheckFields,
  TOO_MANY_IMAGES,
  VEHICLE_ID_INVALID,
  VEHICLE_ID_WRONG_CATEGORY,
} from "./listing-schema";

const valid = {
  title: "Weber kettle barbecue",
  description: "57 cm Weber kettle with cover and tongs.",
  category: "home_garden",
  condition: "good",
  valueMin: "150",
  valueMax: "250",
  location: "Bondi NSW 2026",
};

describe("a field's error is checked again as the member changes it", () => {
  test("'Please select a category' clears once a category is chosen", () => {
    expect(recheckFields(valid, { category: "Please select a category" }, "category")).toEqual({});
  });

  test("'Min value must be at least 1' clears once the min is 1 or more, and is replaced while still wrong", () => {
    expect(
      recheckFields({ ...valid, valueMin: "5" }, { valueMin: "Min value must be at least 1" }, "valueMin"),
    ).toEqual({});
    expect(
      recheckFields({ ...valid, valueMin: "1.5" }, { valueMin: "Min value must be at least 1" }, "valueMin"),
    ).toEqual({
      valueMin: "Min value must be a whole number",
    });
  });

  test("the range error on Max clears when either Min or Max fixes it", () => {
    const shown = { valueMax: "Maximum value must be greater than minimum value" };
    expect(recheckFields({ ...valid, valueMin: "100", valueMax: "50" }, shown, "valueMin")).toEqual(shown);
    expect(recheckFields({ ...valid, valueMin: "40", valueMax: "50" }, shown, "valueMin")).toEqual({});
    expect(recheckFields({ ...valid, valueMin: "100", valueMax: "150" }, shown, "valueMax")).toEqual({});
  });

  test("other fields' errors stay, and a field without an error gets none while it is typed in", () => {
    const shown = { location: "Please choose a suburb from the list" };
    expect(recheckFields({ ...valid, title: "ab" }, shown, "title")).toEqual(shown);
    expect(
      recheckFields(
        { ...valid, title: "Fixed title" },
        { ...shown, title: "Title must be at least 3 characters" },
        "title",
      ),
    ).toEqual(shown);
  });
});

describe("chosen pictures are checked in the browser", () => {
  const jpeg = (size = 1000, name = "photo.jpg") => ({ name, type: "image/jpeg", size });

  test("a file that is not an image, or is 5MB or more, is refused with the spec's message", () => {
    expect(checkChosenFile({ type: "application/pdf", size: 10 })).toBe("Please select an image file");
    expect(checkChosenFile({ type: "image/png", size: MAX_IMAGE_BYTES })).toBe("Image must be less than 5MB");
    expect(checkChosenFile({ type: "image/png", size: MAX_IMAGE_BYTES - 1 })).toBeNull();
  });

  test("before sending, the refusal names the picture, and the kept pictures of an edited listing count", () => {
    expect(checkChosenFiles([jpeg(), { name: "notes.pdf", type: "application/pdf", size: 10 }])).toBe(
      "notes.pdf: Please select an image file",
    );
    expect(checkChosenFiles([])).toBe(IMAGE_REQUIRED);
    expect(checkChosenFiles([], 1)).toBeNull();
    expect(checkChosenFiles([jpeg(), jpeg()], 7)).toBe(TOO_MANY_IMAGES);
  });
});

describe("a VIN or HIN (decision 096)", () => {
  const car = { ...valid, category: "cars_vehicles" };
  const parse = (fields: Record<string, unknown>) => listingFieldsSchema.safeParse(fields);
  const error = (fields: Record<string, unknown>) => {
    const parsed = parse(fields);
    return parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === "vehicleId")?.message;
  };

  test("is optional, and stored upper case without spaces or dashes", () => {
    expect(parse(car).success && parse(car).data?.vehicleId).toBe("");
    const parsed = parse({ ...car, vehicleId: " 6t1 bf3fk-0cx123456 " });
    expect(parsed.success && parsed.data.vehicleId).toBe("6T1BF3FK0CX123456");
    for (const category of ["motorcycles", "boats_marine"])
      expect(parse({ ...valid, category, vehicleId: "ABC12" }).success).toBe(true);
  });

  test("is 5 to 17 letters and digits", () => {
    for (const vehicleId of ["ABC1", "A".repeat(18), "6T1BF3FK0CX12345!", "ÄBC123"])
      expect(error({ ...car, vehicleId })).toBe(VEHICLE_ID_INVALID);
  });

  test("is refused, with a clear message, in any other category", () => {
    expect(error({ ...valid, vehicleId: "6T1BF3FK0CX123456" })).toBe(VEHICLE_ID_WRONG_CATEGORY);
    expect(parse({ ...valid, vehicleId: "  " }).success).toBe(true);
  });
});
