/**
 * World manufacturer identifiers (the first three characters of a VIN, ISO 3780) of the major
 * makers of cars, light trucks and motorcycles, offline. Written from NHTSA's public WMI data
 * (the identifiers manufacturers register under 49 CFR 565, published through NHTSA's vPIC
 * service), and only a subset of it: NHTSA lists tens of thousands of identifiers, most of them
 * trailer, bus and small-volume builders. An identifier missing here decodes to no maker, never
 * to a guessed one (docs/decisions/118-vin-decoder.md).
 *
 * A small manufacturer (fewer than 1,000 vehicles a year) shares a WMI ending in 9 and is named by
 * the 12th to 14th characters; those are not listed. The API and the back office use this table;
 * the storefront does not import it.
 */

/** WMIs used by one brand: the make a listing uses, spelled as in the catalogue. */
const BRAND_WMIS: readonly (readonly [make: string, wmis: string])[] = [
  ['Acura', 'JH4 19U 19V 2HN 5J8'],
  ['Alfa Romeo', 'ZAR ZAS'],
  ['AM General', '137'],
  ['American Motors', '1AM'],
  ['Aprilia', 'ZD4'],
  ['Aston Martin', 'SCF'],
  ['Audi', 'WAU WA1 WUA TRU'],
  ['Bajaj', 'MD2'],
  ['Bentley', 'SCB SJA'],
  ['BMW', 'WBA WBS WBX WBY WB1 4US 5UX 5YM LBV'],
  ['Blue Bird', '1BA'],
  ['Buell', '4MZ'],
  ['Buick', '1G4 2G4 3G5 5GA W04 KL4 LRB'],
  ['BYD', 'LGX'],
  ['Cadillac', '1G6 1GY 3GY W06'],
  ['Chery', 'LVV'],
  ['Chevrolet', '1G1 1GC 1GN 1GB 2G1 2GC 2GN 2CN 3G1 3GC 3GN KL1 KL7 KL8 6G3 9BG 8AG'],
  ['Chrysler', '2A4 2A8 2C8 3A4 3A8'],
  ['Citroën', 'VF7 VR7 VS7 935'],
  ['Dacia', 'UU1'],
  ['DAF', 'XLR'],
  ['Daewoo', 'KLA'],
  ['Daihatsu', 'JDA'],
  ['DeLorean', 'SCE'],
  ['Dodge', '1B3 1B4 1B7 1D3 1D4 1D7 2B3 2B4 2D4 2D8 3D7 4B3'],
  ['DS', 'VR1'],
  ['Ducati', 'ZDM'],
  ['Eagle', '4E3'],
  ['Ferrari', 'ZFF'],
  ['Fiat', 'ZFA 9BD 8AP NM4'],
  ['Ford', '1FA 1FC 1FD 1FM 1FT 1ZV 2FA 2FM 2FT 3FA 3FM 3FT WF0 VS6 SFA NM0 MNB MAJ 6FP 9BF 8AF AFA LVS'],
  ['Freightliner', '1FU 1FV'],
  ['Genesis', 'KMT'],
  ['GMC', '1GT 1GK 1GD 2GT 2GK 3GT 3GK'],
  ['Harley-Davidson', '1HD 5HD'],
  ['Holden', '6H8'],
  ['Honda', 'JHM JHL JH2 1HG 1HF 19X 2HG 2HJ 2HK 3HG 3CZ 5FN 5FP 5J6 SHH SHS MRH LHG 93H'],
  ['Hummer', '5GR 5GT'],
  ['Hyundai', 'KMH KM8 KMF 5NM 5NP TMA NLH MAL 9BH'],
  ['Indian', '56K'],
  ['Infiniti', 'JNK JNR 5N3 3PC'],
  ['International', '1HT 1HS'],
  ['Iran Khodro', 'NAA'],
  ['Isuzu', 'JAA JAC JAL 4S2 MPA'],
  ['Iveco', 'ZCF'],
  ['Jaguar', 'SAJ SAD'],
  ['Jeep', '1J4 1J8 1JC'],
  ['Kawasaki', 'JKA'],
  ['Kenworth', '1XK'],
  ['Kia', 'KNA KND 5XX 5XY 3KP U5Y'],
  ['KTM', 'VBK'],
  ['Lada', 'XTA'],
  ['Lamborghini', 'ZHW ZPB'],
  ['Lancia', 'ZLA'],
  ['Land Rover', 'SAL'],
  ['Lexus', 'JT6 JT8 JTH JTJ 2T2 58A'],
  ['Lincoln', '1LN 2LM 3LN 5LM 5LT'],
  ['Lotus', 'SCC'],
  ['Lucid', '50E'],
  ['Mack', '1M1 1M2'],
  ['Mahindra', 'MA1'],
  ['MAN', 'WMA'],
  ['Maserati', 'ZAM ZN6'],
  ['Mazda', 'JM1 JM2 JM3 JMZ 1YV 4F2 4F4 3MZ'],
  ['McLaren', 'SBM'],
  ['Mercedes-Benz', 'WDB WDC WDD WDF W1K W1N 4JG 55S VSA LE4 9BM 8AC'],
  ['Mercury', '1ME 2ME 4M2'],
  ['MINI', 'WMW'],
  ['Mitsubishi', 'JA3 JA4 JMB JMY 4A3 4A4 6MM MMB'],
  ['Moto Guzzi', 'ZGU'],
  ['Motor Coach Industries', '1M8'],
  ['MV Agusta', 'ZCG'],
  ['Nissan', 'JN1 JN8 1N4 1N6 5N1 3N1 3N6 4N2 SJN VSK MNT'],
  ['Oldsmobile', '1G3 1GH'],
  ['Opel', 'VSX'],
  ['Peterbilt', '1XP'],
  ['Peugeot', 'VF3 VR3 936 8AD'],
  ['Piaggio', 'ZAP'],
  ['Plymouth', '1P3 1P4 2P4 4P3'],
  ['Polaris', '4XA'],
  ['Polestar', 'LPS'],
  ['Pontiac', '1G2 1GM 2G2 2CK 3G7 5Y2 6G2'],
  ['Porsche', 'WP0 WP1'],
  ['Ram', '1C6 3C6 3C7'],
  ['Renault', 'VF1 VS5 93Y 8A1'],
  ['Renault Trucks', 'VF6'],
  ['Rivian', '7PD'],
  ['Rolls-Royce', 'SCA SLA'],
  ['Rover', 'SAR'],
  ['Royal Enfield', 'ME3'],
  ['Saab', 'YS3'],
  ['Saturn', '1G8 5GZ W08'],
  ['Scania', 'YS2 YS4'],
  ['Scion', 'JTK JTL'],
  ['SEAT', 'VSS'],
  ['Škoda', 'TMB'],
  ['smart', 'WME'],
  ['SsangYong', 'KPT'],
  ['Subaru', 'JF1 JF2 4S3 4S4'],
  ['Suzuki', 'JS1 JS2 JS3 2S3 TSM KL5'],
  ['Tata', 'MAT'],
  ['Tesla', '5YJ 7SA 7G2 LRW XP7'],
  [
    'Toyota',
    'JT2 JT3 JT4 JTD JTE JTM JTN 1NX 2T1 2T3 3TM 4T1 4T3 4T4 4TA 5TB 5TD 5TE 5TF 5YF 7MU SB1 NMT VNK WZ1 MR0 MHF MBJ AHT 6T1 8AJ 9BR',
  ],
  ['Triumph', 'SMT'],
  ['Victory', '5VP'],
  ['Volkswagen', 'WVW WVG WV1 WV2 1VW 1V2 2V4 3VW 3VV VWV AAV 9BW 8AW'],
  ['Volvo', 'YV1 YV4 7JR LVY'],
  ['Volvo Trucks', 'YV2 4V4'],
  ['Volvo Buses', 'YV3'],
  ['Yamaha', 'JYA'],
];

/** WMIs shared by several brands: the manufacturer, and no make to fill in. */
const SHARED_WMIS: readonly (readonly [manufacturer: string, wmis: string])[] = [
  ['Chrysler (Chrysler, Dodge)', '1C3 2C3'],
  ['Chrysler (Chrysler, Dodge, Jeep)', '1C4 2C4'],
  ['Chrysler de México (Chrysler, Dodge, Fiat)', '3C3 3C4'],
  ['FCA Italy (Fiat, Jeep)', 'ZAC'],
  ['Opel / Vauxhall', 'W0L W0V'],
  ['Austin Rover Group (Austin, MG, Rover, Sterling)', 'SAX'],
  ['GM Holden (Holden, Chevrolet)', '6G1'],
  ['Renault Samsung Motors (Renault Samsung, Nissan)', 'KNM'],
  ['SAIC Volkswagen (Volkswagen, Škoda)', 'LSV'],
  ['FAW-Volkswagen (Volkswagen, Audi)', 'LFV'],
  ['SAIC-GM (Buick, Chevrolet, Cadillac)', 'LSG'],
  ['SAIC Motor (MG, Roewe)', 'LSJ'],
  ['Great Wall Motor (Great Wall, Haval)', 'LGW'],
  ['Maruti Suzuki', 'MA3'],
];

export interface WmiEntry {
  manufacturer: string;
  /** The catalogue make, when the WMI belongs to one brand. */
  make: string | null;
}

function buildTable(): ReadonlyMap<string, WmiEntry> {
  const table = new Map<string, WmiEntry>();
  for (const [make, wmis] of BRAND_WMIS)
    for (const wmi of wmis.split(' ')) table.set(wmi, { manufacturer: make, make });
  for (const [manufacturer, wmis] of SHARED_WMIS)
    for (const wmi of wmis.split(' ')) table.set(wmi, { manufacturer, make: null });
  return table;
}

/** Every listed WMI with its maker. */
export const WMI_TABLE: ReadonlyMap<string, WmiEntry> = buildTable();

/** The number of WMIs written in the lists above, repeats included (a test compares it with the table's size). */
export const WMI_LISTED_COUNT = [...BRAND_WMIS, ...SHARED_WMIS].reduce((n, [, wmis]) => n + wmis.split(' ').length, 0);
