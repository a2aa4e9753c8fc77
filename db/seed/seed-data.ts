// The demo data /seed and `npm run seed` create: 8 members and 19 active listings across the nine
// goods categories. Pictures come from db/seed/images (see LICENSES.md there), chosen by category.
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
  description: string;
  category: ListingCategory;
  condition: ListingCondition;
  valueMin: number;
  valueMax: number;
  /** "Suburb STATE postcode", resolved through the localities data set. */
  location: string;
};

export const SEED_LISTINGS: SeedListing[] = [
  { owner: 0, title: "2014 Toyota HiLux SR5 dual cab", description: "Reliable diesel ute, 212,000 km, full service history, towbar and canopy. Rego until March. Keen to swap for a family SUV or a tinny with trailer.", category: "cars_vehicles", condition: "good", valueMin: 22000, valueMax: 26000, location: "Parramatta NSW 2150" },
  { owner: 3, title: "Mazda 3 hatch, one owner", description: "2017 Mazda 3 Maxx hatch, automatic, 98,000 km, logbook serviced, new tyres last year. Would swap for a campervan or a good motorbike plus gear.", category: "cars_vehicles", condition: "like_new", valueMin: 15000, valueMax: 18000, location: "Geelong VIC 3220" },
  { owner: 5, title: "Subaru Forester 4WD", description: "2012 Forester XS, AWD, roof racks, 180,000 km. Perfect for the snow or the coast. Looking for a ute or a tradie van.", category: "cars_vehicles", condition: "fair", valueMin: 9000, valueMax: 11000, location: "Newcastle NSW 2300" },
  { owner: 1, title: "Honda CB500X adventure bike", description: "2019 CB500X with panniers, crash bars and heated grips. 24,000 km, never dropped. Swap for a small car or a jet ski.", category: "motorcycles", condition: "like_new", valueMin: 7500, valueMax: 9000, location: "Fitzroy VIC 3065" },
  { owner: 6, title: "Vintage Vespa scooter", description: "1978 Vespa 150 restored two years ago, runs sweetly, club-plate eligible. Would love a vintage camera kit or road bike in swap.", category: "motorcycles", condition: "good", valueMin: 6000, valueMax: 8000, location: "Fremantle WA 6160" },
  { owner: 2, title: "4.2 m tinny with 25 hp Yamaha", description: "Aluminium boat with 2016 Yamaha 25 hp two-stroke, trailer registered, sounder and safety gear included. Swap for a ute or motorbike.", category: "boats_marine", condition: "good", valueMin: 8000, valueMax: 10000, location: "Cairns QLD 4870" },
  { owner: 7, title: "Sea kayak with paddles", description: "5 m touring sea kayak with rudder, two paddles, spray skirt and roof cradle. Great condition, stored under cover.", category: "boats_marine", condition: "like_new", valueMin: 1200, valueMax: 1600, location: "Hobart TAS 7000" },
  { owner: 3, title: "Makita 18V cordless combo kit", description: "Drill, impact driver, circular saw and grinder with three 5 Ah batteries, charger and bag. Used on a couple of renos.", category: "tradie_tools", condition: "good", valueMin: 600, valueMax: 850, location: "Penrith NSW 2750" },
  { owner: 0, title: "Tradie tool chest with spanners", description: "Seven-drawer rolling tool chest full of metric and imperial spanners, sockets, screwdrivers and pliers. Swap for camping gear.", category: "tradie_tools", condition: "good", valueMin: 900, valueMax: 1200, location: "Ipswich QLD 4305" },
  { owner: 4, title: "MacBook Pro 14-inch M2", description: "M2 Pro, 16 GB RAM, 512 GB SSD, battery health 94 %. Comes with charger and sleeve. Swap for a road bike or DSLR kit.", category: "electronics", condition: "like_new", valueMin: 1800, valueMax: 2200, location: "Surry Hills NSW 2010" },
  { owner: 6, title: "Mirrorless camera with two lenses", description: "Full-frame mirrorless body with 24-70 mm and 50 mm lenses, two batteries, 128 GB card. Shutter count under 15,000.", category: "electronics", condition: "good", valueMin: 1500, valueMax: 1900, location: "Perth WA 6000" },
  { owner: 1, title: "Outdoor dining setting for six", description: "Hardwood table and six chairs, oiled last spring. Seats six comfortably. Swap for a barbecue or garden tools.", category: "home_garden", condition: "good", valueMin: 700, valueMax: 950, location: "Brunswick VIC 3056" },
  { owner: 5, title: "Self-propelled lawn mower", description: "Petrol self-propelled mower with catcher and mulching plug, serviced this year. Starts first pull.", category: "home_garden", condition: "good", valueMin: 350, valueMax: 500, location: "Toowoomba QLD 4350" },
  { owner: 2, title: "Carbon road bike, 56 cm", description: "Carbon frame road bike, Shimano 105 groupset, 56 cm, new tyres and bar tape. About 3,000 km ridden.", category: "sports_outdoors", condition: "like_new", valueMin: 1400, valueMax: 1800, location: "Manly NSW 2095" },
  { owner: 7, title: "Shortboard and wetsuit bundle", description: "6'1\" shortboard with fins and leash plus a 3/2 mm steamer, size M. Ready for the next swell.", category: "sports_outdoors", condition: "good", valueMin: 450, valueMax: 650, location: "Torquay VIC 3228" },
  { owner: 4, title: "Leather jacket, size M", description: "Genuine leather biker jacket, men's medium, barely worn. Swap for a good pair of hiking boots or a backpack.", category: "fashion", condition: "like_new", valueMin: 250, valueMax: 350, location: "Adelaide SA 5000" },
  { owner: 3, title: "R.M. Williams boots, size 9", description: "Classic Craftsman boots in chestnut, size 9G, resoled once and well looked after.", category: "fashion", condition: "good", valueMin: 250, valueMax: 320, location: "Ballarat VIC 3350" },
  { owner: 6, title: "Australian pre-decimal coin collection", description: "Album of pennies, threepences, sixpences and florins from 1910 to 1964, including several silver coins.", category: "collectibles", condition: "good", valueMin: 500, valueMax: 800, location: "Canberra ACT 2601" },
  { owner: 0, title: "Vinyl records, Aussie rock 70s-80s", description: "Forty LPs including Cold Chisel, Midnight Oil, AC/DC and INXS, sleeves in good nick, records play cleanly.", category: "collectibles", condition: "good", valueMin: 600, valueMax: 900, location: "Newtown NSW 2042" },
];
