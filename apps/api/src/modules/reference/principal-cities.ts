/**
 * Ranking only: the most populous places of each state (2020 US Census, compiled by hand, largest
 * first). The city list itself comes from `country-state-city` (see us-cities.ts), which has every
 * place but no population; these names make "spring" suggest Springfield before Spring Valley.
 * A name here that the package lacks is simply never suggested.
 */
const CITIES: Record<string, string> = {
  AL: 'Huntsville|Birmingham|Montgomery|Mobile|Tuscaloosa|Hoover|Auburn|Dothan|Madison|Decatur',
  AK: 'Anchorage|Fairbanks|Juneau|Wasilla|Sitka|Ketchikan|Kenai|Palmer|Kodiak|Bethel',
  AZ: 'Phoenix|Tucson|Mesa|Chandler|Gilbert|Glendale|Scottsdale|Peoria|Tempe|Surprise|Yuma|Flagstaff',
  AR: 'Little Rock|Fayetteville|Fort Smith|Springdale|Jonesboro|Rogers|Conway|North Little Rock|Bentonville|Pine Bluff',
  CA: 'Los Angeles|San Diego|San Jose|San Francisco|Fresno|Sacramento|Long Beach|Oakland|Bakersfield|Anaheim|Santa Ana|Riverside|Stockton|Irvine',
  CO: 'Denver|Colorado Springs|Aurora|Fort Collins|Lakewood|Thornton|Arvada|Westminster|Pueblo|Greeley|Boulder',
  CT: 'Bridgeport|Stamford|New Haven|Hartford|Waterbury|Norwalk|Danbury|New Britain|Meriden|Bristol',
  DE: 'Wilmington|Dover|Newark|Middletown|Smyrna|Milford|Seaford|Georgetown|Elsmere|New Castle',
  DC: 'Washington',
  FL: 'Jacksonville|Miami|Tampa|Orlando|St. Petersburg|Hialeah|Port Saint Lucie|Tallahassee|Cape Coral|Fort Lauderdale|Pembroke Pines|Hollywood|Gainesville',
  GA: 'Atlanta|Columbus|Augusta|Macon|Savannah|Athens|Sandy Springs|Roswell|Johns Creek|Albany',
  HI: 'Honolulu|East Honolulu|Pearl City|Hilo|Kailua|Waipahu|Kaneohe|Mililani Town|Kahului',
  ID: "Boise|Meridian|Nampa|Idaho Falls|Caldwell|Pocatello|Coeur d'Alene|Twin Falls|Post Falls|Lewiston",
  IL: 'Chicago|Aurora|Joliet|Naperville|Rockford|Springfield|Elgin|Peoria|Champaign|Waukegan|Cicero|Bloomington',
  IN: 'Indianapolis|Fort Wayne|Evansville|South Bend|Carmel|Fishers|Bloomington|Hammond|Gary|Lafayette',
  IA: 'Des Moines|Cedar Rapids|Davenport|Sioux City|Iowa City|West Des Moines|Ankeny|Waterloo|Ames|Council Bluffs',
  KS: 'Wichita|Overland Park|Kansas City|Olathe|Topeka|Lawrence|Shawnee|Lenexa|Manhattan|Salina',
  KY: 'Louisville|Lexington|Bowling Green|Owensboro|Covington|Georgetown|Richmond|Florence|Hopkinsville|Nicholasville',
  LA: 'New Orleans|Baton Rouge|Shreveport|Lafayette|Lake Charles|Kenner|Bossier City|Monroe|Alexandria|Houma',
  ME: 'Portland|Lewiston|Bangor|South Portland|Auburn|Biddeford|Sanford|Saco|Westbrook|Augusta',
  MD: 'Baltimore|Columbia|Germantown|Silver Spring|Waldorf|Frederick|Ellicott City|Glen Burnie|Rockville|Gaithersburg|Annapolis',
  MA: 'Boston|Worcester|Springfield|Cambridge|Lowell|Brockton|Quincy|Lynn|New Bedford|Fall River|Newton',
  MI: 'Detroit|Grand Rapids|Warren|Sterling Heights|Ann Arbor|Lansing|Dearborn|Livonia|Troy|Westland|Flint|Kalamazoo',
  MN: 'Minneapolis|Saint Paul|Rochester|Duluth|Bloomington|Brooklyn Park|Plymouth|Woodbury|Maple Grove|Saint Cloud',
  MS: 'Jackson|Gulfport|Southaven|Biloxi|Hattiesburg|Olive Branch|Tupelo|Meridian|Greenville|Madison',
  MO: "Kansas City|St. Louis|Springfield|Columbia|Independence|Lee's Summit|O'Fallon|Saint Joseph|Saint Charles|Blue Springs",
  MT: 'Billings|Missoula|Great Falls|Bozeman|Butte|Helena|Kalispell|Havre|Anaconda|Miles City',
  NE: 'Omaha|Lincoln|Bellevue|Grand Island|Kearney|Fremont|Hastings|Norfolk|Columbus|Papillion',
  NV: 'Las Vegas|Henderson|Reno|North Las Vegas|Sparks|Carson City|Fernley|Elko|Mesquite|Boulder City',
  NH: 'Manchester|Nashua|Concord|Derry|Dover|Rochester|Salem|Merrimack|Hudson|Londonderry',
  NJ: 'Newark|Jersey City|Paterson|Elizabeth|Lakewood|Edison|Woodbridge|Toms River|Trenton|Clifton|Camden',
  NM: 'Albuquerque|Las Cruces|Rio Rancho|Santa Fe|Roswell|Farmington|Hobbs|Clovis|Carlsbad|Alamogordo',
  NY: 'New York|Buffalo|Yonkers|Rochester|Syracuse|Albany|New Rochelle|Mount Vernon|Schenectady|Utica|White Plains',
  NC: 'Charlotte|Raleigh|Greensboro|Durham|Winston-Salem|Fayetteville|Cary|Wilmington|High Point|Concord|Asheville',
  ND: 'Fargo|Bismarck|Grand Forks|Minot|West Fargo|Williston|Dickinson|Mandan|Jamestown|Wahpeton',
  OH: 'Columbus|Cleveland|Cincinnati|Toledo|Akron|Dayton|Parma|Canton|Lorain|Hamilton|Youngstown',
  OK: 'Oklahoma City|Tulsa|Norman|Broken Arrow|Edmond|Lawton|Moore|Midwest City|Enid|Stillwater',
  OR: 'Portland|Eugene|Salem|Gresham|Hillsboro|Bend|Beaverton|Medford|Springfield|Corvallis',
  PA: 'Philadelphia|Pittsburgh|Allentown|Reading|Erie|Scranton|Bethlehem|Lancaster|Harrisburg|York|Altoona',
  RI: 'Providence|Warwick|Cranston|Pawtucket|East Providence|Woonsocket|Coventry|Cumberland|North Providence|South Kingstown',
  SC: 'Charleston|Columbia|North Charleston|Mount Pleasant|Rock Hill|Greenville|Summerville|Goose Creek|Sumter|Florence|Spartanburg',
  SD: 'Sioux Falls|Rapid City|Aberdeen|Brookings|Watertown|Mitchell|Yankton|Huron|Pierre|Spearfish',
  TN: 'Nashville|Memphis|Knoxville|Chattanooga|Clarksville|Murfreesboro|Franklin|Johnson City|Jackson|Hendersonville',
  TX: 'Houston|San Antonio|Dallas|Austin|Fort Worth|El Paso|Arlington|Corpus Christi|Plano|Lubbock|Laredo|Irving|Garland|Frisco|McKinney',
  UT: 'Salt Lake City|West Valley City|West Jordan|Provo|Saint George|Orem|Sandy|Ogden|Lehi|South Jordan',
  VT: 'Burlington|South Burlington|Colchester|Rutland|Bennington|Brattleboro|Essex Junction|Milton|Barre|Montpelier',
  VA: 'Virginia Beach|Chesapeake|Norfolk|Arlington|Richmond|Newport News|Alexandria|Hampton|Roanoke|Portsmouth|Suffolk|Lynchburg',
  WA: 'Seattle|Spokane|Tacoma|Vancouver|Bellevue|Kent|Everett|Renton|Spokane Valley|Federal Way|Yakima',
  WV: 'Charleston|Huntington|Morgantown|Parkersburg|Wheeling|Weirton|Fairmont|Martinsburg|Beckley|Clarksburg',
  WI: 'Milwaukee|Madison|Green Bay|Kenosha|Racine|Appleton|Waukesha|Eau Claire|Oshkosh|Janesville',
  WY: 'Cheyenne|Casper|Laramie|Gillette|Rock Springs|Sheridan|Green River|Evanston|Riverton|Jackson',
};

/** A state's principal cities, largest first (empty for an unknown code). */
export function principalCitiesOf(stateCode: string): readonly string[] {
  return CITIES[stateCode]?.split('|') ?? [];
}
