import { RestoresPage } from './restores-page';

/** `/gestione_ripristini_contatti/gestioneRipristiniContatti?page` */
export function ContactRestoresPage() {
  return <RestoresPage kind="contact" />;
}
