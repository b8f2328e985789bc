import { Section } from './sections.tsx';

/**
 * The one FAQ style of the site: each question a heading with its answer always shown below it (no
 * disclosure to open: the answers are what a reader and a search engine came for).
 */
export function Faqs({ faqs }: { faqs: readonly { question: string; answer: string }[] }) {
  return (
    <Section id="faqs" title="Frequently Asked Questions">
      <div className="faqs">
        {faqs.map((faq) => (
          <div key={faq.question} className="faq">
            <h3>{faq.question}</h3>
            <p>{faq.answer}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}
