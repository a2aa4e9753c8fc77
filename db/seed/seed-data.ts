// The demo data /seed and `npm run seed` create: 8 members and 19 active listings across the nine
// goods categories. Pictures come from db/seed/images (see LICENSES.md there): photographs where a freely
// licensed one exists, drawn illustrations (db/seed/illustrations) for the vehicles and the kayak.
import type { ListingCategory, ListingCondition } from "../schema/listings";

/** Shown on the /seed page: every seeded member signs in with it. */
export const SEED_PASSWORD = "SwapShed2026";

export const SEED_USERS = [
  { email: "olivia.bennett@example.com", name: "Olivia Bennett" },
  { email: "liam.nguyen@example.com", name: "Liam Nguyen" },
  { email: "charlotte.oconnor@example.com", name: "Charlotte O'Connor" },
  { email: "jack.thompson@example.com", name: "Jack Thompson" },
  { email: "mia.patel@example.com", name: "Mia Patel" },
  { email: "noah.williams@example.com", name: "Noah Williams" },
  { email: "amelia.chen@example.com", name: "Amelia Chen" },
  { email: "lucas.murphy@example.com", name: "Lucas Murphy" },
] as const;

export type SeedListing = {
  owner: number;
  title: string;
  /** The item itself: what a search matches. */
  description: string;
  /** "What I'd swap it for": the owner's wishes, never matched as the item. */
  wants?: string;
  wantsCategories?: ListingCategory[];
  category: ListingCategory;
  condition: ListingCondition;
  valueMin: number;
  valueMax: number;
  /** "Suburb STATE postcode", resolved through the localities data set. */
  location: string;
  /** A file in db/seed/images: its photograph or, where no free photograph exists, its drawn illustration. */
  picture: string;
};

export const SEED_LISTINGS: SeedListing[] = [
  {
    owner: 0,
    title: "2014 Toyota HiLux SR5 dual cab",
    description: "Reliable diesel ute, 212,000 km, full service history, towbar and canopy. Rego until March.",
    wants: "A family SUV, or a tinny with its trailer.",
    wantsCategories: ["cars_vehicles", "boats_marine"],
    category: "cars_vehicles",
    condition: "good",
    valueMin: 22000,
    valueMax: 26000,
    location: "Parramatta NSW 2150",
    picture: "cars_vehicles-ute-illustration.jpg",
  },
  {
    owner: 3,
    title: "Mazda 3 hatch, one owner",
    description: "2017 Mazda 3 Maxx hatch, automatic, 98,000 km, logbook serviced, new tyres last year.",
    wants: "A campervan, or a good motorbike plus gear.",
    wantsCategories: ["cars_vehicles", "motorcycles"],
    category: "cars_vehicles",
    condition: "like_new",
    valueMin: 15000,
    valueMax: 18000,
    location: "Geelong VIC 3220",
    picture: "cars_vehicles-hatchback-illustration.jpg",
  },
  {
    owner: 5,
    title: "Restored vintage fire engine",
    description:
      "Retired fire engine, mechanically restored, runs and drives, ladders and bell included. A head-turner for shows and weddings.",
    wants: "A 4WD or a boat.",
    wantsCategories: ["cars_vehicles", "boats_marine"],
    category: "cars_vehicles",
    condition: "good",
    valueMin: 25000,
    valueMax: 32000,
    location: "Newcastle NSW 2300",
    picture: "cars_vehicles-fire-truck.jpg",
  },
  {
    owner: 1,
    title: "Honda CB500X adventure bike",
    description: "2019 CB500X with panniers, crash bars and heated grips. 24,000 km, never dropped.",
    wants: "A small car or a jet ski.",
    wantsCategories: ["cars_vehicles", "boats_marine"],
    category: "motorcycles",
    condition: "like_new",
    valueMin: 7500,
    valueMax: 9000,
    location: "Fitzroy VIC 3065",
    picture: "motorcycles-adventure-bike-illustration.jpg",
  },
  {
    owner: 6,
    title: "Vintage Vespa scooter",
    description: "1978 Vespa 150 restored two years ago, runs sweetly, club-plate eligible.",
    wants: "A vintage camera kit or a road bike.",
    wantsCategories: ["electronics", "sports_outdoors"],
    category: "motorcycles",
    condition: "good",
    valueMin: 6000,
    valueMax: 8000,
    location: "Fremantle WA 6160",
    picture: "motorcycles-scooter-illustration.jpg",
  },
  {
    owner: 2,
    title: "Pair of timber rowing boats",
    description: "Two clinker-built timber rowing boats with oars, kept on a calm lake and varnished each year.",
    wants: "Both for a tinny or a trailer.",
    wantsCategories: ["boats_marine", "cars_vehicles"],
    category: "boats_marine",
    condition: "good",
    valueMin: 3000,
    valueMax: 4500,
    location: "Cairns QLD 4870",
    picture: "boats_marine-rowboats.jpg",
  },
  {
    owner: 7,
    title: "Sea kayak with paddles",
    description:
      "5 m touring sea kayak with rudder, two paddles, spray skirt and roof cradle. Great condition, stored under cover.",
    category: "boats_marine",
    condition: "like_new",
    valueMin: 1200,
    valueMax: 1600,
    location: "Hobart TAS 7000",
    picture: "boats_marine-sea-kayak-illustration.jpg",
  },
  {
    owner: 3,
    title: "Painter's brush set, trade quality",
    description: "Twelve trade brushes from 25 to 100 mm, cleaned after every job, plus a roller frame and tray.",
    wants: "A pressure washer.",
    wantsCategories: ["home_garden"],
    category: "tradie_tools",
    condition: "good",
    valueMin: 120,
    valueMax: 200,
    location: "Penrith NSW 2750",
    picture: "tradie_tools-paint-brushes.jpg",
  },
  {
    owner: 0,
    title: "Tradie tool chest with spanners",
    description:
      "Seven-drawer rolling tool chest full of metric and imperial spanners, sockets, screwdrivers and pliers.",
    wants: "Camping gear.",
    wantsCategories: ["sports_outdoors"],
    category: "tradie_tools",
    condition: "good",
    valueMin: 900,
    valueMax: 1200,
    location: "Ipswich QLD 4305",
    picture: "tradie_tools-spanner.jpg",
  },
  {
    owner: 4,
    title: "Universal TV remote and streaming box",
    description:
      "Learning universal remote plus a 4K streaming box with its power pack and HDMI cable. Works with most TVs.",
    category: "electronics",
    condition: "like_new",
    valueMin: 80,
    valueMax: 140,
    location: "Surry Hills NSW 2010",
    picture: "electronics-tv-remote.jpg",
  },
  {
    owner: 6,
    title: "Electronics hobby bench kit",
    description:
      "Soldering station, multimeter, bench power supply and a box of boards and components. Ideal for a maker or a student.",
    category: "electronics",
    condition: "good",
    valueMin: 400,
    valueMax: 600,
    location: "Perth WA 6000",
    picture: "electronics-circuit-board.jpg",
  },
  {
    owner: 1,
    title: "Set of four timber dining chairs",
    description: "Solid timber chairs, sturdy and recently re-glued and oiled.",
    wants: "A barbecue or garden tools.",
    wantsCategories: ["home_garden"],
    category: "home_garden",
    condition: "good",
    valueMin: 200,
    valueMax: 320,
    location: "Brunswick VIC 3056",
    picture: "home_garden-chair.jpg",
  },
  {
    owner: 5,
    title: "Handmade pallet coffee table",
    description: "Coffee table built from recycled pallet timber, sanded and sealed, on castors.",
    wants: "A lawn mower or garden tools.",
    wantsCategories: ["home_garden"],
    category: "home_garden",
    condition: "like_new",
    valueMin: 150,
    valueMax: 250,
    location: "Toowoomba QLD 4350",
    picture: "home_garden-pallet-coffee-table.jpg",
  },
  {
    owner: 2,
    title: "Dahlia tubers, twenty mixed colours",
    description: "Twenty healthy dahlia tubers lifted this autumn, labelled by colour. Ready to plant out in spring.",
    category: "home_garden",
    condition: "new",
    valueMin: 60,
    valueMax: 100,
    location: "Manly NSW 2095",
    picture: "home_garden-dahlia.jpg",
  },
  {
    owner: 7,
    title: "Beach volleyball set",
    description: "Match volleyball, net with poles and boundary lines, carry bag. Used for one summer.",
    category: "sports_outdoors",
    condition: "like_new",
    valueMin: 120,
    valueMax: 180,
    location: "Torquay VIC 3228",
    picture: "sports_outdoors-volleyball.jpg",
  },
  {
    owner: 4,
    title: "Vintage clothing bundle, 30 pieces",
    description: "Shirts, jackets and dresses from a closed op-shop rack, sizes S to L, all washed.",
    wants: "Hiking gear or a backpack.",
    wantsCategories: ["sports_outdoors", "fashion"],
    category: "fashion",
    condition: "good",
    valueMin: 250,
    valueMax: 350,
    location: "Adelaide SA 5000",
    picture: "fashion-clothing-racks.jpg",
  },
  {
    owner: 3,
    title: "Estwing claw hammer and hand tools",
    description: "Estwing 16 oz claw hammer with a bag of hand tools: chisels, pinch bar, tape and levels.",
    category: "tradie_tools",
    condition: "good",
    valueMin: 90,
    valueMax: 150,
    location: "Ballarat VIC 3350",
    picture: "tradie_tools-claw-hammer.jpg",
  },
  {
    owner: 6,
    title: "Ancient and pre-decimal coin collection",
    description:
      "Album of old coins including pennies, threepences and florins from 1910 to 1964, and several older silver pieces.",
    category: "collectibles",
    condition: "good",
    valueMin: 500,
    valueMax: 800,
    location: "Canberra ACT 2601",
    picture: "collectibles-coins.jpg",
  },
  {
    owner: 0,
    title: "Antique porcelain cup and saucer",
    description: "Hand-painted porcelain cup and saucer, no chips or crazing. A lovely piece for a collector.",
    category: "collectibles",
    condition: "like_new",
    valueMin: 150,
    valueMax: 250,
    location: "Newtown NSW 2042",
    picture: "collectibles-porcelain-cup.jpg",
  },
];
