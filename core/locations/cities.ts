import type { AuState } from "#db/schema/columns.ts";

/**
 * Australia's bigger cities (ABS Significant Urban Areas of roughly 30,000 people or more), so that a search
 * for a city's name finds the city: "Perth" is Perth WA, not the town in Tasmania; "Melbourne" is the CBD,
 * not one of its two postcodes to pick from; "Gold Coast" and "Logan" are cities though no suburb carries
 * the name (Logan VIC is a hamlet). `at` is the locality, from the postcode data set, whose point stands for
 * the city centre; a test checks that each one exists.
 */
export type City = { name: string; state: AuState; at: string };

export const CITIES: readonly City[] = [
  { name: "Sydney", state: "NSW", at: "Sydney NSW 2000" },
  { name: "Melbourne", state: "VIC", at: "Melbourne VIC 3000" },
  { name: "Brisbane", state: "QLD", at: "Brisbane QLD 4000" },
  { name: "Perth", state: "WA", at: "Perth WA 6000" },
  { name: "Adelaide", state: "SA", at: "Adelaide SA 5000" },
  { name: "Hobart", state: "TAS", at: "Hobart TAS 7000" },
  // Darwin's 0800 point lies 9 km out, near the airport; 0801's is the city centre.
  { name: "Darwin", state: "NT", at: "Darwin NT 0801" },
  { name: "Canberra", state: "ACT", at: "Canberra ACT 2601" },
  { name: "Gold Coast", state: "QLD", at: "Southport QLD 4215" },
  { name: "Sunshine Coast", state: "QLD", at: "Maroochydore QLD 4558" },
  { name: "Central Coast", state: "NSW", at: "Gosford NSW 2250" },
  { name: "Logan", state: "QLD", at: "Logan Central QLD 4114" },
  { name: "Ipswich", state: "QLD", at: "Ipswich QLD 4305" },
  { name: "Newcastle", state: "NSW", at: "Newcastle NSW 2300" },
  { name: "Wollongong", state: "NSW", at: "Wollongong NSW 2500" },
  { name: "Geelong", state: "VIC", at: "Geelong VIC 3220" },
  { name: "Townsville", state: "QLD", at: "Townsville QLD 4810" },
  { name: "Cairns", state: "QLD", at: "Cairns QLD 4870" },
  { name: "Toowoomba", state: "QLD", at: "Toowoomba QLD 4350" },
  { name: "Ballarat", state: "VIC", at: "Ballarat VIC 3350" },
  { name: "Bendigo", state: "VIC", at: "Bendigo VIC 3550" },
  { name: "Albury", state: "NSW", at: "Albury NSW 2640" },
  { name: "Launceston", state: "TAS", at: "Launceston TAS 7250" },
  { name: "Mackay", state: "QLD", at: "Mackay QLD 4740" },
  { name: "Rockhampton", state: "QLD", at: "Rockhampton QLD 4700" },
  { name: "Bunbury", state: "WA", at: "Bunbury WA 6230" },
  { name: "Bundaberg", state: "QLD", at: "Bundaberg QLD 4670" },
  { name: "Coffs Harbour", state: "NSW", at: "Coffs Harbour NSW 2450" },
  { name: "Wagga Wagga", state: "NSW", at: "Wagga Wagga NSW 2650" },
  { name: "Hervey Bay", state: "QLD", at: "Hervey Bay QLD 4655" },
  { name: "Mildura", state: "VIC", at: "Mildura VIC 3500" },
  { name: "Shepparton", state: "VIC", at: "Shepparton VIC 3630" },
  { name: "Port Macquarie", state: "NSW", at: "Port Macquarie NSW 2444" },
  { name: "Gladstone", state: "QLD", at: "Gladstone QLD 4680" },
  { name: "Tamworth", state: "NSW", at: "Tamworth NSW 2340" },
  { name: "Traralgon", state: "VIC", at: "Traralgon VIC 3844" },
  { name: "Orange", state: "NSW", at: "Orange NSW 2800" },
  { name: "Dubbo", state: "NSW", at: "Dubbo NSW 2830" },
  { name: "Geraldton", state: "WA", at: "Geraldton WA 6530" },
  { name: "Bathurst", state: "NSW", at: "Bathurst NSW 2795" },
  { name: "Nowra", state: "NSW", at: "Nowra NSW 2541" },
  { name: "Warrnambool", state: "VIC", at: "Warrnambool VIC 3280" },
  { name: "Kalgoorlie", state: "WA", at: "Kalgoorlie WA 6430" },
  { name: "Albany", state: "WA", at: "Albany WA 6330" },
  { name: "Lismore", state: "NSW", at: "Lismore NSW 2480" },
  { name: "Mandurah", state: "WA", at: "Mandurah WA 6210" },
  { name: "Alice Springs", state: "NT", at: "Alice Springs NT 0870" },
];
