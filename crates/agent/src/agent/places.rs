//! Place names as questions and tables write them differently: "american
//! drivers" against a column of "USA", "from china" against athletes
//! written "Zhang Qing (CHN)", "airports in Texas" against "TX".
//!
//! Value linking matches the question's words to the words of cells; a
//! demonym, an Olympic code or a postal code shares no word with the name
//! it stands for, so no amount of fuzzy matching links them. This is the
//! small, fixed table that does: countries (names, demonyms, IOC and other
//! three-letter codes) and US states (postal codes). The question side is
//! matched by name or demonym only ("us" in a question is a pronoun); a
//! code is matched only where a cell writes it in capitals ("CAN", not
//! "can"; "IN", not "in").

use std::sync::OnceLock;

/// One place: its names (lower case, one or more words each; a question
/// or a cell may use them), its demonyms (a question's "american"; a cell's
/// "Canadian" is more often a town or a team than a nationality) and the
/// codes a cell may write for it.
#[derive(Debug)]
pub struct Place {
    pub names: Vec<Vec<String>>,
    pub demonyms: Vec<Vec<String>>,
    pub codes: Vec<String>,
    /// A country (or a nation of a sport), not a US state.
    pub country: bool,
}

/// `name,other name|demonym,demonym|CODE,CODE` per line.
const DATA: &str = "\
united states,usa,america,united states of america|american,americans|USA,US,U.S.\n\
united kingdom,uk,britain,great britain|british|GBR,GB,UK\n\
england|english|ENG\n\
scotland|scottish|SCO\n\
wales|welsh|WAL\n\
northern ireland||NIR\n\
china,people's republic of china|chinese|CHN,PRC\n\
japan|japanese|JPN\n\
germany|german,germans|GER,DEU\n\
west germany|west german|FRG\n\
east germany|east german|GDR\n\
france|french|FRA\n\
italy|italian,italians|ITA\n\
russia,soviet union,ussr|russian,russians,soviet|RUS,URS\n\
spain|spanish|ESP\n\
canada|canadian,canadians|CAN\n\
australia|australian,australians|AUS\n\
sweden|swedish,swede,swedes|SWE\n\
norway|norwegian,norwegians|NOR\n\
finland|finnish,finn,finns|FIN\n\
denmark|danish,dane,danes|DEN\n\
netherlands,holland|dutch|NED\n\
belgium|belgian,belgians|BEL\n\
switzerland|swiss|SUI\n\
austria|austrian,austrians|AUT\n\
poland|polish,pole,poles|POL\n\
czech republic,czechoslovakia|czech,czechs|CZE,TCH\n\
slovakia|slovak,slovakian|SVK\n\
hungary|hungarian,hungarians|HUN\n\
romania|romanian,romanians|ROU,ROM\n\
bulgaria|bulgarian,bulgarians|BUL\n\
greece|greek,greeks|GRE\n\
turkey|turkish,turks|TUR\n\
ukraine|ukrainian,ukrainians|UKR\n\
belarus|belarusian,belarusians|BLR\n\
croatia|croatian,croatians|CRO\n\
serbia|serbian,serbians|SRB\n\
slovenia|slovenian,slovene|SLO\n\
portugal|portuguese|POR\n\
ireland|irish|IRL\n\
iceland|icelandic|ISL\n\
estonia|estonian|EST\n\
latvia|latvian|LAT\n\
lithuania|lithuanian|LTU\n\
brazil|brazilian,brazilians|BRA\n\
argentina|argentine,argentinian,argentinians|ARG\n\
mexico|mexican,mexicans|MEX\n\
chile|chilean,chileans|CHI\n\
colombia|colombian,colombians|COL\n\
peru|peruvian|PER\n\
venezuela|venezuelan|VEN\n\
cuba|cuban,cubans|CUB\n\
jamaica|jamaican,jamaicans|JAM\n\
south korea,korea|korean,koreans,south korean|KOR\n\
north korea|north korean|PRK\n\
india|indian,indians|IND\n\
pakistan|pakistani|PAK\n\
iran|iranian,iranians|IRI,IRN\n\
israel|israeli,israelis|ISR\n\
egypt|egyptian|EGY\n\
south africa|south african|RSA\n\
nigeria|nigerian|NGR\n\
kenya|kenyan,kenyans|KEN\n\
ethiopia|ethiopian,ethiopians|ETH\n\
morocco|moroccan|MAR\n\
algeria|algerian|ALG\n\
new zealand|new zealander,kiwi|NZL\n\
indonesia|indonesian|INA\n\
thailand|thai|THA\n\
philippines|filipino,philippine|PHI\n\
vietnam|vietnamese|VIE\n\
malaysia|malaysian|MAS\n\
kazakhstan|kazakh|KAZ\n\
uzbekistan|uzbek|UZB\n\
taiwan,chinese taipei|taiwanese|TPE\n\
hong kong|hong kongese|HKG\n\
afghanistan|afghan|AFG\n\
albania|albanian|ALB\n\
andorra|andorran|\n\
angola|angolan|ANG\n\
armenia|armenian|ARM\n\
azerbaijan|azerbaijani|AZE\n\
bahamas|bahamian|BAH\n\
bahrain|bahraini|BRN\n\
bangladesh|bangladeshi|\n\
barbados|barbadian|\n\
belize|belizean|BIZ\n\
benin|beninese|\n\
bhutan|bhutanese|BHU\n\
bolivia|bolivian|BOL\n\
bosnia and herzegovina,bosnia|bosnian|BIH\n\
botswana|motswana,batswana|\n\
brunei|bruneian|BRU\n\
burkina faso|burkinabe|\n\
burundi|burundian|BDI\n\
cambodia|cambodian|\n\
cameroon|cameroonian|CMR\n\
cape verde|cape verdean|CPV\n\
central african republic||CAF\n\
chad|chadian|\n\
comoros|comorian|\n\
republic of the congo,congo|congolese|CGO\n\
democratic republic of the congo,dr congo||COD\n\
costa rica|costa rican|CRC\n\
ivory coast,cote d'ivoire|ivorian|CIV\n\
cyprus|cypriot|CYP\n\
djibouti|djiboutian|DJI\n\
dominican republic,dom republic|dominican|DOM\n\
ecuador|ecuadorian|ECU\n\
el salvador|salvadoran|ESA\n\
equatorial guinea|equatoguinean|GEQ\n\
eritrea|eritrean|ERI\n\
eswatini,swaziland|swazi|SWZ\n\
fiji|fijian|FIJ\n\
gabon|gabonese|\n\
gambia,the gambia|gambian|\n\
ghana|ghanaian|GHA\n\
guatemala|guatemalan|GUA\n\
guyana|guyanese|\n\
haiti|haitian|HAI\n\
honduras|honduran|\n\
iraq|iraqi|IRQ\n\
jordan|jordanian|JOR\n\
kuwait|kuwaiti|KUW\n\
kyrgyzstan|kyrgyz|KGZ\n\
laos|laotian|LAO\n\
lebanon|lebanese|LBN\n\
lesotho|basotho|\n\
liberia|liberian|LBR\n\
libya|libyan|LBA\n\
liechtenstein|liechtensteiner|\n\
luxembourg|luxembourgish|LUX\n\
madagascar|malagasy|\n\
malawi|malawian|\n\
maldives|maldivian|MDV\n\
mali|malian|MLI\n\
malta|maltese|MLT\n\
mauritania|mauritanian|MTN\n\
mauritius|mauritian|MRI\n\
moldova|moldovan|MDA\n\
monaco|monegasque|\n\
mongolia|mongolian|MGL\n\
montenegro|montenegrin|MNE\n\
mozambique|mozambican|MOZ\n\
myanmar,burma|burmese|MYA\n\
namibia|namibian|\n\
nepal|nepalese,nepali|NEP\n\
nicaragua|nicaraguan|NCA\n\
niger|nigerien|\n\
north macedonia,macedonia|macedonian|MKD\n\
oman|omani|\n\
panama|panamanian|\n\
papua new guinea|papua new guinean|PNG\n\
paraguay|paraguayan|PAR\n\
qatar|qatari|QAT\n\
rwanda|rwandan|RWA\n\
saudi arabia|saudi,saudis|KSA\n\
senegal|senegalese|SEN\n\
sierra leone|sierra leonean|SLE\n\
singapore|singaporean|SGP\n\
somalia|somali|\n\
sri lanka|sri lankan|SRI\n\
sudan|sudanese|\n\
suriname|surinamese|\n\
syria|syrian|SYR\n\
tajikistan|tajik|TJK\n\
tanzania|tanzanian|\n\
togo|togolese|\n\
trinidad and tobago,trinidad tobago,trinidad|trinidadian|TTO\n\
tunisia|tunisian|TUN\n\
turkmenistan|turkmen|TKM\n\
uganda|ugandan|UGA\n\
united arab emirates,uae|emirati|UAE\n\
uruguay|uruguayan|URU\n\
yemen|yemeni|YEM\n\
zambia|zambian|ZAM\n\
zimbabwe|zimbabwean|ZIM\n\
alabama||AL\n\
alaska||AK\n\
arizona||AZ\n\
arkansas||AR\n\
california||CA\n\
colorado||CO\n\
connecticut||CT\n\
delaware||DE\n\
florida||FL\n\
georgia||GA\n\
hawaii||HI\n\
idaho||ID\n\
illinois||IL\n\
indiana||IN\n\
iowa||IA\n\
kansas||KS\n\
kentucky||KY\n\
louisiana||LA\n\
maine||ME\n\
maryland||MD\n\
massachusetts||MA\n\
michigan||MI\n\
minnesota||MN\n\
mississippi||MS\n\
missouri||MO\n\
montana||MT\n\
nebraska||NE\n\
nevada||NV\n\
new hampshire||NH\n\
new jersey||NJ\n\
new mexico||NM\n\
new york||NY\n\
north carolina||NC\n\
north dakota||ND\n\
ohio||OH\n\
oklahoma||OK\n\
oregon||OR\n\
pennsylvania||PA\n\
rhode island||RI\n\
south carolina||SC\n\
south dakota||SD\n\
tennessee||TN\n\
texas||TX\n\
utah||UT\n\
vermont||VT\n\
virginia||VA\n\
washington||WA\n\
west virginia||WV\n\
wisconsin||WI\n\
wyoming||WY";

pub fn places() -> &'static [Place] {
    static PLACES: OnceLock<Vec<Place>> = OnceLock::new();
    PLACES.get_or_init(|| {
        DATA.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|line| {
                let mut parts = line.split('|');
                let list = |s: &str| -> Vec<Vec<String>> { s.split(',').filter(|s| !s.is_empty()).map(|s| s.split(' ').map(str::to_string).collect()).collect() };
                let names = list(parts.next().unwrap_or_default());
                let demonyms = list(parts.next().unwrap_or_default());
                let codes: Vec<String> = parts.next().unwrap_or_default().split(',').filter(|s| !s.is_empty()).map(|s| s.replace('.', "")).collect();
                // States have no demonym here and two-letter postal codes.
                let country = !demonyms.is_empty() || codes.iter().any(|c| c.len() >= 3);
                Place { names, demonyms, codes, country }
            })
            .collect()
    })
}

/// The places a question names: (place, first word, one past the last word),
/// longest name first at each position.
pub fn named_in(q: &[String]) -> Vec<(&'static Place, usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < q.len() {
        let best = places()
            .iter()
            .flat_map(|p| p.names.iter().chain(p.demonyms.iter()).map(move |n| (p, n)))
            .filter(|(_, n)| q.len() >= i + n.len() && q[i..i + n.len()].iter().zip(n.iter()).all(|(a, b)| a == b))
            .max_by_key(|(_, n)| n.len());
        // "in the us": the country, not the pronoun.
        let the_us = (q[i] == "us" && i > 0 && q[i - 1] == "the").then(|| places().iter().find(|p| p.codes.iter().any(|c| c == "US"))).flatten();
        if let Some(p) = the_us {
            out.push((p, i, i + 1));
            i += 1;
            continue;
        }
        match best {
            Some((p, n)) => {
                out.push((p, i, i + n.len()));
                i += n.len();
            }
            None => i += 1,
        }
    }
    out
}

/// Does a cell's text name the place: one of its names as whole words, or
/// one of its codes written in capitals (not a demonym: the town of
/// Canadian, Texas is not in Canada)?
pub fn cell_names(place: &Place, raw: &str, cell_words: &[String]) -> bool {
    place.names.iter().any(|n| cell_words.windows(n.len()).any(|w| w == n.as_slice()))
        || raw.split(|c: char| !c.is_alphanumeric() && c != '.').map(|t| t.replace('.', "")).any(|tok| place.codes.iter().any(|c| *c == tok))
}

/// Does the cell name a country ("China (CHN)", "Kenya", "USA")?
pub fn names_a_country(raw: &str, cell_words: &[String]) -> bool {
    places().iter().filter(|p| p.country).any(|p| cell_names(p, raw, cell_words))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn demonyms_and_codes_name_their_place_and_lower_case_codes_do_not() {
        let q = w("how many american drivers and great britain racers");
        let found = named_in(&q);
        assert_eq!(found.iter().map(|f| (f.1, f.2)).collect::<Vec<_>>(), vec![(2, 3), (5, 7)]);
        let usa = found[0].0;
        assert!(cell_names(usa, "USA", &w("usa")));
        assert!(cell_names(usa, "Tom Smith (U.S.)", &w("tom smith u")));
        assert!(!cell_names(usa, "Cantrell", &w("cantrell")));
        let texas = places().iter().find(|p| p.names[0] == ["texas"]).unwrap();
        assert!(cell_names(texas, "TX", &w("tx")));
        // "in the us" is the country; "tell us" is the pronoun.
        let the_us = named_in(&w("how many were held in the us"));
        assert_eq!(the_us.iter().map(|f| (f.1, f.2)).collect::<Vec<_>>(), vec![(6, 7)]);
        assert!(std::ptr::eq(the_us[0].0, usa));
        assert!(named_in(&w("tell us the winner")).is_empty());
        let indiana = places().iter().find(|p| p.names[0] == ["indiana"]).unwrap();
        assert!(cell_names(indiana, "IN", &w("in")));
        assert!(!cell_names(indiana, "in the city", &w("in the city")));
        let canada = places().iter().find(|p| p.names[0] == ["canada"]).unwrap();
        assert!(!cell_names(canada, "you can go", &w("you can go")));
        assert!(cell_names(canada, "Lee (CAN)", &w("lee can")));
        assert!(!cell_names(canada, "Canadian", &w("canadian")));
        assert!(cell_names(usa, "United States", &w("united states")));
        assert!(names_a_country("China (CHN)", &w("china chn")));
        assert!(names_a_country("Kenya", &w("kenya")));
        assert!(!names_a_country("TX", &w("tx")), "a state is not a country");
        assert!(!names_a_country("Ford", &w("ford")));
    }
}
