/** Static Italian data the demo generator draws from: coherent city / CAP / province / dialling code, products, texts. */

export type City = { city: string; cap: string; province: string; prefix: string };

export const CITIES: readonly City[] = [
  { city: 'Milano', cap: '20121', province: 'MI', prefix: '02' },
  { city: 'Roma', cap: '00185', province: 'RM', prefix: '06' },
  { city: 'Napoli', cap: '80133', province: 'NA', prefix: '081' },
  { city: 'Torino', cap: '10121', province: 'TO', prefix: '011' },
  { city: 'Palermo', cap: '90133', province: 'PA', prefix: '091' },
  { city: 'Genova', cap: '16121', province: 'GE', prefix: '010' },
  { city: 'Bologna', cap: '40121', province: 'BO', prefix: '051' },
  { city: 'Firenze', cap: '50122', province: 'FI', prefix: '055' },
  { city: 'Bari', cap: '70121', province: 'BA', prefix: '080' },
  { city: 'Catania', cap: '95121', province: 'CT', prefix: '095' },
  { city: 'Venezia', cap: '30121', province: 'VE', prefix: '041' },
  { city: 'Verona', cap: '37121', province: 'VR', prefix: '045' },
  { city: 'Messina', cap: '98122', province: 'ME', prefix: '090' },
  { city: 'Padova', cap: '35122', province: 'PD', prefix: '049' },
  { city: 'Trieste', cap: '34121', province: 'TS', prefix: '040' },
  { city: 'Brescia', cap: '25121', province: 'BS', prefix: '030' },
  { city: 'Parma', cap: '43121', province: 'PR', prefix: '0521' },
  { city: 'Taranto', cap: '74121', province: 'TA', prefix: '099' },
  { city: 'Prato', cap: '59100', province: 'PO', prefix: '0574' },
  { city: 'Modena', cap: '41121', province: 'MO', prefix: '059' },
  { city: 'Reggio Calabria', cap: '89127', province: 'RC', prefix: '0965' },
  { city: "Reggio nell'Emilia", cap: '42121', province: 'RE', prefix: '0522' },
  { city: 'Perugia', cap: '06121', province: 'PG', prefix: '075' },
  { city: 'Livorno', cap: '57123', province: 'LI', prefix: '0586' },
  { city: 'Ravenna', cap: '48121', province: 'RA', prefix: '0544' },
  { city: 'Cagliari', cap: '09124', province: 'CA', prefix: '070' },
  { city: 'Foggia', cap: '71121', province: 'FG', prefix: '0881' },
  { city: 'Rimini', cap: '47921', province: 'RN', prefix: '0541' },
  { city: 'Salerno', cap: '84121', province: 'SA', prefix: '089' },
  { city: 'Ferrara', cap: '44121', province: 'FE', prefix: '0532' },
  { city: 'Sassari', cap: '07100', province: 'SS', prefix: '079' },
  { city: 'Latina', cap: '04100', province: 'LT', prefix: '0773' },
  { city: 'Monza', cap: '20900', province: 'MB', prefix: '039' },
  { city: 'Siracusa', cap: '96100', province: 'SR', prefix: '0931' },
  { city: 'Pescara', cap: '65121', province: 'PE', prefix: '085' },
  { city: 'Bergamo', cap: '24121', province: 'BG', prefix: '035' },
  { city: 'Forlì', cap: '47121', province: 'FC', prefix: '0543' },
  { city: 'Trento', cap: '38122', province: 'TN', prefix: '0461' },
  { city: 'Vicenza', cap: '36100', province: 'VI', prefix: '0444' },
  { city: 'Terni', cap: '05100', province: 'TR', prefix: '0744' },
  { city: 'Bolzano', cap: '39100', province: 'BZ', prefix: '0471' },
  { city: 'Novara', cap: '28100', province: 'NO', prefix: '0321' },
  { city: 'Piacenza', cap: '29121', province: 'PC', prefix: '0523' },
  { city: 'Ancona', cap: '60121', province: 'AN', prefix: '071' },
  { city: 'Arezzo', cap: '52100', province: 'AR', prefix: '0575' },
  { city: 'Udine', cap: '33100', province: 'UD', prefix: '0432' },
  { city: 'Lecce', cap: '73100', province: 'LE', prefix: '0832' },
  { city: 'La Spezia', cap: '19121', province: 'SP', prefix: '0187' },
  { city: 'Como', cap: '22100', province: 'CO', prefix: '031' },
  { city: 'Varese', cap: '21100', province: 'VA', prefix: '0332' },
  { city: 'Treviso', cap: '31100', province: 'TV', prefix: '0422' },
  { city: 'Lucca', cap: '55100', province: 'LU', prefix: '0583' },
  { city: 'Pisa', cap: '56125', province: 'PI', prefix: '050' },
  { city: 'Cremona', cap: '26100', province: 'CR', prefix: '0372' },
  { city: 'Mantova', cap: '46100', province: 'MN', prefix: '0376' },
  { city: 'Cuneo', cap: '12100', province: 'CN', prefix: '0171' },
  { city: 'Pavia', cap: '27100', province: 'PV', prefix: '0382' },
  { city: 'Lodi', cap: '26900', province: 'LO', prefix: '0371' },
  { city: "L'Aquila", cap: '67100', province: 'AQ', prefix: '0862' },
  { city: 'Potenza', cap: '85100', province: 'PZ', prefix: '0971' },
];

export type Product = { sku: string; name: string; description: string; brand: string };

const product = (sku: string, name: string, description: string, brand = 'Pastificio Storico'): Product => ({
  sku,
  name,
  description,
  brand,
});

export const PRODUCTS: readonly Product[] = [
  product(
    'PF1001',
    'Tortellini Prosciutto Crudo 250 g',
    "Pasta fresca all'uovo ripiena di prosciutto crudo stagionato",
  ),
  product(
    'PF1002',
    'Tortellini Ricotta e Spinaci 250 g',
    "Pasta fresca all'uovo ripiena di ricotta e spinaci",
  ),
  product(
    'PF1003',
    'Ravioli Ricotta e Spinaci 250 g',
    'Ravioli freschi con ripieno di ricotta vaccina e spinaci',
  ),
  product(
    'PF1004',
    'Ravioli Funghi Porcini 250 g',
    'Ravioli freschi con ripieno di funghi porcini e formaggi',
  ),
  product(
    'PF1005',
    'Cappelletti al Prosciutto 250 g',
    'Cappelletti freschi con ripieno di carne e prosciutto',
  ),
  product(
    'PF1006',
    'Girasoli Ricotta e Limone 250 g',
    'Pasta ripiena di ricotta e scorza di limone di Sorrento',
  ),
  product('PF1007', 'Tortelloni Zucca 250 g', 'Tortelloni freschi con ripieno di zucca e amaretti'),
  product('PF1008', 'Mezzelune Burrata 250 g', 'Mezzelune fresche con ripieno di burrata pugliese'),
  product('PF1009', 'Agnolotti al Brasato 250 g', 'Agnolotti piemontesi con ripieno di brasato al Barolo'),
  product('PF2001', 'Gnocchi di Patate 500 g', 'Gnocchi freschi di patate'),
  product('PF2002', 'Gnocchi Ripieni al Gorgonzola 400 g', 'Gnocchi di patate ripieni di gorgonzola DOP'),
  product('PF3001', "Lasagne all'Uovo 250 g", "Sfoglie di pasta fresca all'uovo per lasagne"),
  product('PF3002', "Tagliatelle all'Uovo 250 g", "Tagliatelle di pasta fresca all'uovo"),
  product('PF3003', "Fettuccine all'Uovo 250 g", "Fettuccine di pasta fresca all'uovo"),
  product('PF3004', "Pappardelle all'Uovo 250 g", "Pappardelle di pasta fresca all'uovo"),
  product('PF3005', 'Trofie Fresche 500 g', 'Trofie liguri di semola di grano duro'),
  product('PF3006', 'Orecchiette Fresche 500 g', 'Orecchiette pugliesi di semola di grano duro'),
  product(
    'SG4001',
    'Sugo al Pomodoro e Basilico 400 g',
    'Sugo pronto di pomodoro italiano e basilico',
    'Sapori della Nonna',
  ),
  product(
    'SG4002',
    'Pesto alla Genovese 140 g',
    'Pesto fresco con basilico genovese DOP',
    'Sapori della Nonna',
  ),
  product('SG4003', 'Ragù alla Bolognese 350 g', 'Ragù di carne cotto lentamente', 'Sapori della Nonna'),
  product('SG4004', "Sugo all'Arrabbiata 400 g", 'Sugo di pomodoro con peperoncino', 'Sapori della Nonna'),
  product('PP5001', 'Lasagna alla Bolognese 350 g', 'Piatto pronto di lasagna al ragù', 'Sapori della Nonna'),
  product(
    'PP5002',
    'Cannelloni Ricotta e Spinaci 350 g',
    'Piatto pronto di cannelloni gratinati',
    'Sapori della Nonna',
  ),
  product(
    'LC6001',
    'Tortellini Prosciutto Crudo 1 kg',
    'Formato ristorazione, pasta fresca ripiena',
    'Linea Chef',
  ),
  product('LC6002', 'Gnocchi di Patate 2 kg', 'Formato ristorazione, gnocchi freschi', 'Linea Chef'),
  product('LC6003', "Tagliatelle all'Uovo 1 kg", 'Formato ristorazione, pasta fresca all’uovo', 'Linea Chef'),
];

export const CASE_REASONS = [
  { value: 'Feedback on Product', weight: 35 },
  { value: 'Product Information', weight: 20 },
  { value: 'Complaint', weight: 20 },
  { value: 'Coupon Request', weight: 10 },
  { value: 'Delivery Issue', weight: 10 },
  { value: 'Other', weight: 5 },
] as const;

export const SUBJECT_BY_REASON: Record<string, string> = {
  'Feedback on Product': 'Segnalazione sul prodotto',
  'Product Information': 'Richiesta informazioni',
  Complaint: 'Reclamo',
  'Coupon Request': 'Richiesta buono sconto',
  'Delivery Issue': 'Problema di consegna',
  Other: 'Richiesta generica',
};

export const PRIORITIES = ['Low', 'Medium', 'High'] as const;
export const ORIGINS = ['Web', 'Phone', 'Email', 'Social'] as const;
export const CLASSIFICATIONS = [
  'Qualità prodotto',
  'Sicurezza alimentare',
  'Informazioni nutrizionali',
  'Confezionamento',
  'Logistica',
  'Promozioni',
] as const;
export const FEEDBACK_TOPICS = [
  'Gusto',
  'Consistenza',
  'Corpo estraneo',
  'Confezione',
  'Porzione',
  'Cottura',
  'Ingredienti',
  'Prezzo',
  'Scadenza',
] as const;
export const COMPLAINT_TYPES = [
  'Qualità',
  'Corpo estraneo',
  'Confezione danneggiata',
  'Prodotto scaduto',
  'Allergeni',
  'Etichettatura',
] as const;
export const RELATED_TO = ['Prodotto', 'Punto vendita', 'Promozione', 'Sito web', 'Consegna'] as const;
export const STORES = [
  'Esselunga',
  'Conad',
  'Coop',
  'Carrefour',
  'Lidl',
  'Pam',
  'Despar',
  'Eurospin',
  'Famila',
  'Bennet',
] as const;
export const ISSUES = [
  'la pasta spezzata in più punti',
  'il ripieno fuoriuscito durante la cottura',
  'la pellicola protettiva strappata',
  'piccole macchie di muffa in superficie',
  'un sapore acido poco gradevole',
  'la confezione gonfia già al momento dell’acquisto',
  'un numero di pezzi inferiore al solito',
  'un colore più scuro del normale',
] as const;

export const DESCRIPTION_SENTENCES = [
  'Dopo l’apertura il prodotto aveva un odore anomalo e una consistenza diversa dal solito.',
  'Il cliente chiede informazioni sugli allergeni presenti e sulla possibile presenza di tracce di frutta a guscio.',
  'Richiede un buono sconto come rimborso per il prodotto non consumato.',
  'Ha allegato la foto della confezione con il numero di lotto ben visibile.',
  'Il prodotto è stato conservato correttamente in frigorifero a 4 °C fino al consumo.',
  'Segnala che la porzione è risultata inferiore rispetto a quanto indicato in etichetta.',
  'Lamenta la presenza di un corpo estraneo di colore scuro all’interno del ripieno.',
  'Apprezza la nuova ricetta ma suggerisce una confezione richiudibile.',
  'È stato contattato telefonicamente e ha confermato quanto descritto nel modulo.',
  'Chiede di essere ricontattato nel pomeriggio, dopo le ore 15.',
  'Ha già parlato con il punto vendita, che lo ha invitato a scrivere al servizio clienti.',
  'Non ricorda il numero di lotto perché la confezione è stata gettata.',
  'Il prodotto è stato cucinato seguendo i tempi di cottura indicati sulla confezione.',
  'Altri componenti della famiglia hanno notato lo stesso problema.',
  'Si dichiara cliente abituale e molto legato al marchio da diversi anni.',
  'Vorrebbe sapere se il prodotto è adatto a persone intolleranti al lattosio.',
] as const;

export const INTERNAL_COMMENTS = [
  'In attesa delle foto del lotto.',
  'Inoltrato al controllo qualità dello stabilimento.',
  'Cliente richiamato, nessuna risposta: riprovare domani.',
  'Campione richiesto tramite corriere.',
  'Verificato il lotto: nessuna anomalia registrata in produzione.',
  'Caso discusso con il responsabile di linea.',
  'Il cliente ha confermato la ricezione del buono.',
] as const;

export const ACCOUNT_NOTES = [
  'Preferisce essere contattata via e-mail.',
  'Cliente storico, partecipa spesso ai concorsi a premi.',
  'Ha segnalato un’intolleranza al glutine.',
  'Contattare solo in orario serale.',
  'Iscritta al programma fedeltà dal 2023.',
  'Ha richiesto la cancellazione dai sondaggi telefonici.',
  'Titolare di una trattoria in centro.',
] as const;

export const ACCOUNT_TYPES = [
  { value: 'Consumatore', weight: 85 },
  { value: 'Ristorante', weight: 10 },
  { value: 'Negozio alimentare', weight: 5 },
] as const;

export const INDUSTRIES = [
  'Retail',
  'Hospitality',
  'Food & Beverage',
  'Education',
  'Healthcare',
  'Government',
  'Banking',
  'Manufacturing',
  'Transportation',
  'Not For Profit',
] as const;

export const EMAIL_DOMAINS = [
  'gmail.com',
  'libero.it',
  'hotmail.it',
  'yahoo.it',
  'outlook.it',
  'tiscali.it',
  'alice.it',
] as const;

export const MOBILE_PREFIXES = [
  '320',
  '324',
  '327',
  '328',
  '329',
  '330',
  '331',
  '333',
  '334',
  '335',
  '336',
  '337',
  '338',
  '339',
  '340',
  '342',
  '345',
  '346',
  '347',
  '348',
  '349',
  '350',
  '351',
  '366',
  '370',
  '377',
  '380',
  '388',
  '389',
  '391',
  '392',
  '393',
] as const;
