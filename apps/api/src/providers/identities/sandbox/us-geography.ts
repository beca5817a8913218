/*
 * What the sandbox needs to place a synthetic person plausibly: each state's population (2020 US
 * Census, thousands, rounded: people are spread in proportion), the three-digit ZIP prefixes USPS
 * assigns to it (ranges, inclusive), and a few of its real area codes (the numbers themselves are
 * always in the fictional 555-01xx range). Changing a value changes the generated people: bump
 * GENERATOR_VERSION with it.
 */
export interface StateFacts {
  population: number;
  zipPrefixes: readonly [number, number][];
  areaCodes: readonly number[];
}

export const STATE_FACTS: Readonly<Record<string, StateFacts>> = {
  AL: { population: 5024, zipPrefixes: [[350, 369]], areaCodes: [205, 251, 334] },
  AK: { population: 733, zipPrefixes: [[995, 999]], areaCodes: [907] },
  AZ: { population: 7152, zipPrefixes: [[850, 865]], areaCodes: [480, 520, 602] },
  AR: { population: 3012, zipPrefixes: [[716, 729]], areaCodes: [479, 501, 870] },
  CA: { population: 39538, zipPrefixes: [[900, 961]], areaCodes: [213, 310, 415, 619, 916] },
  CO: { population: 5774, zipPrefixes: [[800, 816]], areaCodes: [303, 719, 970] },
  CT: { population: 3606, zipPrefixes: [[60, 69]], areaCodes: [203, 860] },
  DE: { population: 990, zipPrefixes: [[197, 199]], areaCodes: [302] },
  DC: { population: 690, zipPrefixes: [[200, 205]], areaCodes: [202] },
  FL: { population: 21538, zipPrefixes: [[320, 349]], areaCodes: [305, 407, 813, 904] },
  GA: {
    population: 10712,
    zipPrefixes: [
      [300, 319],
      [398, 399],
    ],
    areaCodes: [404, 706, 912],
  },
  HI: { population: 1455, zipPrefixes: [[967, 968]], areaCodes: [808] },
  ID: { population: 1839, zipPrefixes: [[832, 838]], areaCodes: [208] },
  IL: { population: 12813, zipPrefixes: [[600, 629]], areaCodes: [217, 312, 630, 773] },
  IN: { population: 6786, zipPrefixes: [[460, 479]], areaCodes: [219, 317, 812] },
  IA: { population: 3190, zipPrefixes: [[500, 528]], areaCodes: [319, 515, 712] },
  KS: { population: 2938, zipPrefixes: [[660, 679]], areaCodes: [316, 785, 913] },
  KY: { population: 4506, zipPrefixes: [[400, 427]], areaCodes: [502, 606, 859] },
  LA: { population: 4658, zipPrefixes: [[700, 714]], areaCodes: [225, 318, 504] },
  ME: { population: 1362, zipPrefixes: [[39, 49]], areaCodes: [207] },
  MD: { population: 6177, zipPrefixes: [[206, 219]], areaCodes: [301, 410, 443] },
  MA: { population: 7030, zipPrefixes: [[10, 27]], areaCodes: [413, 508, 617, 781] },
  MI: { population: 10077, zipPrefixes: [[480, 499]], areaCodes: [248, 313, 517, 616] },
  MN: { population: 5706, zipPrefixes: [[550, 567]], areaCodes: [218, 612, 651] },
  MS: { population: 2961, zipPrefixes: [[386, 397]], areaCodes: [228, 601, 662] },
  MO: { population: 6155, zipPrefixes: [[630, 658]], areaCodes: [314, 417, 816] },
  MT: { population: 1084, zipPrefixes: [[590, 599]], areaCodes: [406] },
  NE: { population: 1962, zipPrefixes: [[680, 693]], areaCodes: [308, 402] },
  NV: { population: 3105, zipPrefixes: [[889, 898]], areaCodes: [702, 775] },
  NH: { population: 1378, zipPrefixes: [[30, 38]], areaCodes: [603] },
  NJ: { population: 9289, zipPrefixes: [[70, 89]], areaCodes: [201, 609, 732, 973] },
  NM: { population: 2118, zipPrefixes: [[870, 884]], areaCodes: [505, 575] },
  NY: { population: 20201, zipPrefixes: [[100, 149]], areaCodes: [212, 518, 585, 716, 718] },
  NC: { population: 10439, zipPrefixes: [[270, 289]], areaCodes: [704, 919, 336] },
  ND: { population: 779, zipPrefixes: [[580, 588]], areaCodes: [701] },
  OH: { population: 11799, zipPrefixes: [[430, 459]], areaCodes: [216, 513, 614] },
  OK: { population: 3959, zipPrefixes: [[730, 749]], areaCodes: [405, 918] },
  OR: { population: 4237, zipPrefixes: [[970, 979]], areaCodes: [503, 541] },
  PA: { population: 13003, zipPrefixes: [[150, 196]], areaCodes: [215, 412, 717] },
  RI: { population: 1097, zipPrefixes: [[28, 29]], areaCodes: [401] },
  SC: { population: 5118, zipPrefixes: [[290, 299]], areaCodes: [803, 843, 864] },
  SD: { population: 887, zipPrefixes: [[570, 577]], areaCodes: [605] },
  TN: { population: 6910, zipPrefixes: [[370, 385]], areaCodes: [423, 615, 901] },
  TX: {
    population: 29146,
    zipPrefixes: [
      [750, 799],
      [885, 885],
    ],
    areaCodes: [214, 512, 713, 210, 915],
  },
  UT: { population: 3271, zipPrefixes: [[840, 847]], areaCodes: [435, 801] },
  VT: { population: 643, zipPrefixes: [[50, 59]], areaCodes: [802] },
  VA: { population: 8631, zipPrefixes: [[220, 246]], areaCodes: [540, 703, 757, 804] },
  WA: { population: 7705, zipPrefixes: [[980, 994]], areaCodes: [206, 509, 253] },
  WV: { population: 1794, zipPrefixes: [[247, 268]], areaCodes: [304] },
  WI: { population: 5894, zipPrefixes: [[530, 549]], areaCodes: [414, 608, 920] },
  WY: { population: 577, zipPrefixes: [[820, 831]], areaCodes: [307] },
};
