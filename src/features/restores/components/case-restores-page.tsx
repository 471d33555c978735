import { RestoresPage } from './restores-page';

/** `/gestione_ripristini_casi/gestioneRipristiniCasi?page` */
export function CaseRestoresPage() {
  return <RestoresPage kind="case" />;
}
