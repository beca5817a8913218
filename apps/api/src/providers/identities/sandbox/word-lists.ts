/*
 * Word lists the sandbox builds synthetic people from: common US given names and surnames, street
 * names, job titles, company words and consumer interests. Changing a list changes the generated
 * people: bump GENERATOR_VERSION with it.
 */

const split = (text: string) => text.trim().split(/\s*\|\s*/);

export const FIRST_NAMES = split(`
James|Mary|Robert|Patricia|John|Jennifer|Michael|Linda|David|Elizabeth|William|Barbara|Richard|Susan|
Joseph|Jessica|Thomas|Sarah|Christopher|Karen|Charles|Lisa|Daniel|Nancy|Matthew|Betty|Anthony|Sandra|
Mark|Margaret|Donald|Ashley|Steven|Kimberly|Andrew|Emily|Paul|Donna|Joshua|Michelle|Kenneth|Carol|
Kevin|Amanda|Brian|Melissa|George|Deborah|Timothy|Stephanie|Ronald|Dorothy|Jason|Rebecca|Edward|Sharon|
Jeffrey|Laura|Ryan|Cynthia|Jacob|Amy|Gary|Kathleen|Nicholas|Angela|Eric|Shirley|Jonathan|Brenda|
Stephen|Emma|Larry|Anna|Justin|Pamela|Scott|Nicole|Brandon|Samantha|Benjamin|Katherine|Samuel|Christine|
Gregory|Debra|Alexander|Rachel|Patrick|Carolyn|Frank|Janet|Raymond|Maria|Jack|Olivia|Dennis|Heather|
Jerry|Helen|Tyler|Catherine|Aaron|Diane|Jose|Julie|Adam|Victoria|Nathan|Joyce|Henry|Lauren|Zachary|Kelly|
Douglas|Christina|Peter|Ruth|Kyle|Joan|Noah|Virginia|Ethan|Judith|Jeremy|Evelyn|Christian|Hannah|Walter|
Andrea|Keith|Megan|Austin|Cheryl|Roger|Jacqueline|Terry|Madison|Sean|Teresa|Gerald|Abigail|Carl|Sophia|
Dylan|Martha|Harold|Sara|Jordan|Gloria|Jesse|Janice|Bryan|Kathryn|Lawrence|Ann|Arthur|Isabella|Gabriel|
Judy|Bruce|Charlotte|Logan|Julia|Billy|Grace|Joe|Amber|Alan|Alice|Juan|Jean|Elijah|Denise|Willie|Frances|
Albert|Danielle|Wayne|Marilyn|Randy|Natalie|Mason|Beverly|Vincent|Diana|Liam|Brittany|Roy|Theresa|Bobby|
Kayla|Caleb|Alexis|Bradley|Doris|Russell|Lori|Lucas|Tiffany|Carlos|Mia|Luis|Ava|Miguel|Sofia|Diego|Camila`);

export const LAST_NAMES = split(`
Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Hernandez|Lopez|Gonzalez|
Wilson|Anderson|Thomas|Taylor|Moore|Jackson|Martin|Lee|Perez|Thompson|White|Harris|Sanchez|Clark|Ramirez|
Lewis|Robinson|Walker|Young|Allen|King|Wright|Scott|Torres|Nguyen|Hill|Flores|Green|Adams|Nelson|Baker|
Hall|Rivera|Campbell|Mitchell|Carter|Roberts|Gomez|Phillips|Evans|Turner|Diaz|Parker|Cruz|Edwards|Collins|
Reyes|Stewart|Morris|Morales|Murphy|Cook|Rogers|Gutierrez|Ortiz|Morgan|Cooper|Peterson|Bailey|Reed|Kelly|
Howard|Ramos|Kim|Cox|Ward|Richardson|Watson|Brooks|Chavez|Wood|James|Bennett|Gray|Mendoza|Ruiz|Hughes|
Price|Alvarez|Castillo|Sanders|Patel|Myers|Long|Ross|Foster|Jimenez|Powell|Jenkins|Perry|Russell|Sullivan|
Bell|Coleman|Butler|Henderson|Barnes|Gonzales|Fisher|Vasquez|Simmons|Romero|Jordan|Patterson|Alexander|
Hamilton|Graham|Reynolds|Griffin|Wallace|Moreno|West|Cole|Hayes|Bryant|Herrera|Gibson|Ellis|Tran|Medina|
Aguilar|Stevens|Murray|Ford|Castro|Marshall|Owens|Harrison|Fernandez|McDonald|Woods|Washington|Kennedy|
Wells|Vargas|Henry|Chen|Freeman|Webb|Tucker|Guzman|Burns|Crawford|Olson|Simpson|Porter|Hunter|Gordon|
Mendez|Silva|Shaw|Snyder|Mason|Dixon|Munoz|Hunt|Hicks|Holmes|Palmer|Wagner|Black|Robertson|Boyd|Rose|
Stone|Salazar|Fox|Warren|Mills|Meyer|Rice|Schmidt|Garza|Daniels|Ferguson|Nichols|Stephens|Soto|Weaver|
Ryan|Gardner|Payne|Grant|Dunn|Kelley|Spencer|Hawkins|Arnold|Pierce|Vazquez|Hansen|Peters|Santos|Hart`);

export const STREET_NAMES = split(`
Main|Oak|Pine|Maple|Cedar|Elm|Washington|Lake|Hill|Walnut|Park|Sunset|Lincoln|Jackson|Church|River|
Highland|Meadow|Forest|Willow|Spring|Ridge|Franklin|Jefferson|Chestnut|Adams|Madison|Center|Mill|Broad|
Valley|Lakeview|Cherry|Hickory|Birch|Dogwood|Magnolia|Sycamore|Prospect|Union|Liberty|Harrison|Wilson|
Grant|Orchard|Pleasant|Poplar|Laurel|Aspen|Summit|Country Club|Jones|College|School|Railroad|Bridge`);

export const STREET_SUFFIXES = split('St|Ave|Rd|Dr|Ln|Blvd|Ct|Way|Pl|Cir|Ter|Pkwy');

export const JOB_TITLES = split(`
Owner|Chief Executive Officer|President|Vice President of Sales|Marketing Director|Marketing Manager|
Operations Manager|Office Manager|General Manager|Sales Manager|Account Executive|Chief Financial Officer|
Controller|Human Resources Manager|IT Director|Project Manager|Practice Manager|Purchasing Manager|
Business Development Manager|Founder|Partner|Director of Operations|Customer Success Manager|Consultant`);

export const COMPANY_WORDS = split(`
Summit|Pioneer|Keystone|Harbor|Frontier|Evergreen|Cornerstone|Bluebird|Redwood|Granite|Lakeside|Horizon|
Northstar|Riverbend|Silverline|Ironwood|Brightpath|Copperfield|Meridian|Oakridge|Westfield|Sterling`);

export const COMPANY_SUFFIXES = split('Inc.|LLC|Group|Co.|Partners|Services|Solutions|Associates');

/** Employee-count bands and their shares (small firms dominate, as in the US business census). */
export const COMPANY_SIZES: readonly [band: string, weight: number][] = [
  ['1-10', 40],
  ['11-50', 25],
  ['51-200', 15],
  ['201-500', 8],
  ['501-1000', 5],
  ['1001-5000', 4],
  ['5001+', 3],
];

/** Consumer interests (keywords an enhance campaign targets), besides the industries' names. */
export const INTERESTS = split(`
home buying|refinancing|mortgage|car buying|auto insurance|life insurance|health insurance|
home security|solar panels|roof repair|kitchen remodel|bathroom remodel|hvac repair|water heater|
plumbing repair|landscaping|pest control|moving|personal injury|estate planning|divorce|
dental implants|teeth whitening|med spa|hair salon|weight loss|fitness|yoga|pets|dog training|
gardening|golf|camping|cooking|parenting|retirement planning|investing|college|wedding|cruises|
travel|boating|fishing|hunting|home warranty|senior living|childcare|tutoring|coffee|wine`);

/** Reserved example domains (RFC 2606): never a real mailbox. */
export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;
