// The words Australians use for the same thing, in one place. Search reads a typed word (or two or three words
// together, like "flip flops") as "this or any word of its group": `ute` also finds a "pickup" and a "utility".
// Groups are symmetric, so write only words that mean the same thing to someone searching a swap site; a word
// in two groups gets both. Terms are lower case, words separated by single spaces; several words are matched as
// a phrase. Stemming (english config) does the rest: "motorbikes" and "motorbike" are one word to PostgreSQL.
//
// Category words (db/schema/category-words.ts) are the other half: they put a listing's category into its
// search vector, so `motorcycle` finds a "Honda CB500X" in Motorcycles. This table is for what people type.

export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // Vehicles
  ["motorbike", "motorcycle", "motor bike", "motor cycle"],
  ["ute", "utility", "pickup", "pick up"],
  ["car", "automobile", "motor car"],
  ["4wd", "4x4", "four wheel drive", "awd"],
  ["station wagon", "wagon"],
  ["campervan", "camper van", "motorhome", "motor home"],
  ["caravan", "pop top", "poptop"],
  ["camper trailer", "camper"],
  ["trailer", "box trailer", "trailer box"],
  ["rego", "registration"],
  ["tyre", "tire", "tyres", "tires"],
  ["scooter", "moped"],
  ["dirt bike", "dirtbike", "trail bike", "trailbike", "enduro"],
  ["quad bike", "quad", "atv"],
  ["bull bar", "bullbar", "roo bar"],
  // Boats
  ["tinny", "dinghy", "tinnie", "boat", "runabout"],
  ["jet ski", "jetski", "pwc", "personal watercraft"],
  ["kayak", "canoe"],
  ["paddleboard", "paddle board", "sup", "stand up paddleboard"],
  ["outboard", "outboard motor"],
  ["yacht", "sailboat", "sailing boat"],
  ["esky", "cooler", "chilly bin", "icebox"],
  // Clothes
  ["thongs", "flip flops", "flip flop", "jandals"],
  ["jumper", "sweater", "pullover"],
  ["trackies", "tracksuit pants", "sweatpants", "trackpants"],
  ["togs", "swimmers", "bathers", "cossie", "cozzie", "swimsuit"],
  ["singlet", "tank top"],
  ["runners", "sneakers", "joggers", "trainers"],
  ["hoodie", "hooded jumper", "hoody"],
  ["beanie", "knitted hat"],
  ["ugg boots", "uggs"],
  ["sunnies", "sunglasses"],
  ["rashie", "rash vest", "rash shirt"],
  // Home and garden
  ["doona", "duvet", "quilt", "comforter"],
  ["couch", "sofa", "lounge", "settee"],
  ["barbecue", "bbq", "barbie", "grill"],
  ["lawn mower", "mower", "lawnmower", "ride on mower"],
  ["whipper snipper", "line trimmer", "brushcutter", "strimmer"],
  ["wardrobe", "closet", "armoire"],
  ["cupboard", "cabinet"],
  ["bench top", "benchtop", "countertop"],
  ["tap", "faucet"],
  ["manchester", "bed linen", "linen", "sheets"],
  ["pram", "stroller", "pusher"],
  ["cot", "crib"],
  ["nappies", "diapers", "nappy"],
  ["fridge", "refrigerator"],
  ["freezer", "deep freeze", "chest freezer"],
  ["rubbish bin", "garbage bin", "wheelie bin", "trash can"],
  ["verandah", "veranda", "patio"],
  ["shed", "garden shed", "outbuilding"],
  ["outdoor setting", "patio set", "garden furniture", "outdoor furniture"],
  ["cushion", "throw pillow", "scatter cushion"],
  ["rug", "floor rug"],
  // Tools
  ["tradie", "tradesman", "tradesperson"],
  ["spanner", "wrench"],
  ["drill", "power drill", "cordless drill"],
  ["angle grinder", "grinder"],
  ["ute tray", "tray back", "trayback"],
  ["workbench", "work bench"],
  ["shifter", "adjustable spanner", "adjustable wrench"],
  ["generator", "genny", "genset"],
  ["chainsaw", "chain saw"],
  ["ladder", "step ladder", "stepladder"],
  // Electronics
  ["mobile", "mobile phone", "cell phone", "smartphone", "phone"],
  ["tv", "telly", "television"],
  ["laptop", "notebook computer"],
  ["computer", "pc", "desktop computer"],
  ["console", "games console", "gaming console"],
  ["headphones", "earphones", "earbuds", "headset"],
  ["speaker", "speakers", "sound system"],
  // Sport and outdoors
  ["bicycle", "bike", "pushbike", "push bike", "cycle"],
  ["swag", "bedroll"],
  ["footy", "football"],
  ["surfboard", "surf board", "malibu", "longboard"],
  ["wetsuit", "steamer", "wettie"],
  ["cricket set", "backyard cricket set"],
  ["gazebo", "marquee", "pop up shelter"],
  ["sleeping bag", "sleeping bags"],
  ["treadmill", "running machine"],
  ["fishing rod", "rod", "fishing pole"],
  // Everyday
  ["arvo", "afternoon"],
  ["brekkie", "breakfast"],
  ["chook", "chicken", "hen"],
  ["chook pen", "chicken coop", "hen house"],
  ["servo", "service station", "petrol station"],
  ["postie", "postman"],
  ["stubby holder", "stubbie holder", "koozie", "can cooler"],
  ["billy", "billycan", "camp kettle"],
  ["jug", "kettle"],
  ["pokies", "poker machine", "slot machine"],
  ["bottle o", "bottle shop"],
];

/** Longest term in words: a typed run longer than this is never looked up whole. */
export const MAX_TERM_WORDS = Math.max(...SYNONYM_GROUPS.flat().map((term) => term.split(" ").length));

const byTerm = new Map<string, Set<string>>();
for (const group of SYNONYM_GROUPS) {
  for (const term of group) {
    const same = byTerm.get(term) ?? new Set<string>();
    for (const other of group) same.add(other);
    byTerm.set(term, same);
  }
}

/**
 * Every term that means what `term` means, itself first, or null when the table does not know it. A plural the
 * table does not list is looked up by its singular ("utes" is "ute"): stemming then matches either form.
 */
export function synonymsOf(term: string): string[] | null {
  const key = term.toLowerCase();
  const found = byTerm.get(key) ?? singular(key);
  if (!found) return null;
  return [key, ...[...found].filter((t) => t !== key)];
}

function singular(term: string): Set<string> | undefined {
  if (term.endsWith("es") && byTerm.has(term.slice(0, -2))) return byTerm.get(term.slice(0, -2));
  if (term.endsWith("s")) return byTerm.get(term.slice(0, -1));
  return undefined;
}
