package dev.orthrus.model.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureReport;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class HtmlReportTest {

  private static Document parse(String html) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    f.setExpandEntityReferences(false);
    return f.newDocumentBuilder().parse(new InputSource(new StringReader(html)));
  }

  private static List<Element> elements(Document d, String tag) {
    NodeList list = d.getElementsByTagName(tag);
    return IntStream.range(0, list.getLength()).mapToObj(i -> (Element) list.item(i)).toList();
  }

  @Test
  void wellFormedWithResolvingLinksAndNoExternalResources(@TempDir Path sources) throws Exception {
    Path file = sources.resolve(ReportSamples.FILE);
    Files.createDirectories(file.getParent());
    StringBuilder src = new StringBuilder();
    for (int i = 1; i <= 30; i++) {
      src.append(
              i == 8
                  ? "    Item item = new Item(key, value); // <new> & \"quoted\""
                  : "    line " + i)
          .append('\n');
    }
    Files.writeString(file, src);

    String html = HtmlReport.render(ReportSamples.sample(), sources, "Closures of <store>");
    Document doc = parse(html); // throws if not well-formed

    Set<String> ids =
        elements(doc, "*").stream()
            .map(e -> e.getAttribute("id"))
            .filter(s -> !s.isEmpty())
            .collect(Collectors.toSet());
    List<String> links = elements(doc, "a").stream().map(e -> e.getAttribute("href")).toList();
    assertFalse(links.isEmpty());
    for (String href : links) {
      assertTrue(href.startsWith("#") && ids.contains(href.substring(1)), "dangling link " + href);
    }
    assertTrue(
        links.contains("#" + HtmlReport.anchor(0)) && links.contains("#" + HtmlReport.anchor(1)));
    assertTrue(
        elements(doc, "script").isEmpty()
            && elements(doc, "link").isEmpty()
            && elements(doc, "img").isEmpty());
    Matcher external =
        Pattern.compile("(?i)(src|href)\\s*=\\s*\"(https?:)?//|url\\(|@import").matcher(html);
    assertFalse(
        external.find(), "external resource: " + (external.find(0) ? external.group() : ""));

    // Escaping: the closure name with a script tag is text, not markup.
    assertTrue(html.contains("put &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
    assertTrue(
        doc.getElementsByTagName("title").item(0).getTextContent().equals("Closures of <store>"));
    // The source excerpt shows line 8 escaped and highlighted as an escaping allocation.
    Element allocLine =
        elements(doc, "span").stream()
            .filter(e -> "line-alloc".equals(e.getAttribute("class")))
            .findFirst()
            .orElseThrow();
    assertTrue(allocLine.getTextContent().contains("new Item(key, value); // <new> & \"quoted\""));
    assertTrue(
        elements(doc, "span").stream().anyMatch(e -> "line-write".equals(e.getAttribute("class"))));
    assertTrue(
        elements(doc, "tr").stream()
            .anyMatch(e -> "esc-USER_DATA".equals(e.getAttribute("class"))));
  }

  @Test
  void withoutSourcesThereIsNoExcerptAndAMissingFileIsSaid(@TempDir Path empty) throws Exception {
    ClosureReport report = ReportSamples.sample();
    Document none = parse(HtmlReport.render(report, null, "r"));
    assertTrue(elements(none, "pre").isEmpty());
    String missing = HtmlReport.render(report, empty, "r");
    parse(missing);
    assertTrue(missing.contains("not found under the sources folder"));
  }

  @Test
  void sourcePathsCannotEscapeTheSourcesFolder(@TempDir Path root) throws Exception {
    Path sources = Files.createDirectories(root.resolve("src"));
    Files.writeString(root.resolve("secret.java"), "secret\n".repeat(10));
    ClosureReport r = ReportSamples.sample();
    var c = r.closures().get(1);
    var moved =
        new dev.orthrus.model.ClosureModel(
            c.id(),
            c.key(),
            c.name(),
            c.owner(),
            c.method(),
            c.signature(),
            new dev.orthrus.model.SourcePosition("../secret.java", 2, 0),
            c.strict(),
            c.comparison(),
            c.receiver(),
            c.parameters(),
            c.result(),
            c.userDataReads(),
            c.userDataWrites(),
            c.allocations(),
            c.calls(),
            c.nondeterministic(),
            c.tags(),
            c.diagnostics(),
            c.reachableMethods(),
            c.violations());
    String html =
        HtmlReport.render(
            new ClosureReport(1, "g", List.of(), List.of(moved), List.of()), sources, "r");
    assertFalse(html.contains("<pre"), "no excerpt from outside the sources folder");
    assertTrue(html.contains("not found under the sources folder"));
  }

  @Test
  void indexShowsTotalsPerStage() throws Exception {
    String index =
        HtmlReport.renderSite(ReportSamples.sample(), null, "r").get(HtmlReport.INDEX_PAGE);
    Document doc = parse(index);
    Element totals = elements(doc, "table").get(0);
    List<String> rows =
        elements(doc, "tr").stream()
            .filter(tr -> tr.getParentNode() == totals)
            .map(
                tr ->
                    IntStream.range(0, tr.getChildNodes().getLength())
                        .mapToObj(i -> tr.getChildNodes().item(i).getTextContent())
                        .collect(Collectors.joining("|")))
            .toList();
    // put: one rule warning, one violation; the report: an unknown-callee note, a missing-classes
    // warning.
    assertEquals(
        List.of(
            "stage|closures|errors|warnings|notes",
            "source (Orthrus rules)|2|0|1|0",
            "bytecode analysis (errors are violations)|1|1|1|1",
            "total|2|1|2|1"),
        rows,
        index);
  }

  @Test
  void escapeCoversMarkupAndControlCharacters() {
    assertEquals(
        "&lt;a href=&quot;x&quot;&gt;&amp;&#39;\uFFFD",
        HtmlReport.escape("<a href=\"x\">&'\u0001"));
    Set<String> seen = new HashSet<>();
    assertTrue(seen.add(HtmlReport.anchor(0)) && seen.add(HtmlReport.anchor(1)));
  }

  @Test
  void siteHasAnIndexAndAPagePerClosureWhoseLinksResolve() throws Exception {
    ClosureReport report = ReportSamples.sample();
    java.util.Map<String, String> site = HtmlReport.renderSite(report, null, "Closures of <store>");
    assertEquals(report.closures().size() + 1, site.size());
    Path root = Path.of("/site");
    for (java.util.Map.Entry<String, String> page : site.entrySet()) {
      Document doc = parse(page.getValue());
      Set<String> ids =
          elements(doc, "*").stream()
              .map(e -> e.getAttribute("id"))
              .filter(x -> !x.isEmpty())
              .collect(Collectors.toSet());
      for (Element a : elements(doc, "a")) {
        String href = a.getAttribute("href");
        assertFalse(href.contains("://"), href);
        int hash = href.indexOf('#');
        String target = hash < 0 ? href : href.substring(0, hash);
        if (target.isEmpty()) {
          assertTrue(
              ids.contains(href.substring(1)), "dangling anchor " + href + " in " + page.getKey());
          continue;
        }
        String resolved =
            root.relativize(root.resolve(page.getKey()).getParent().resolve(target).normalize())
                .toString();
        assertTrue(site.containsKey(resolved), "dangling link " + href + " in " + page.getKey());
        if (hash >= 0) {
          Document linked = parse(site.get(resolved));
          String anchor = href.substring(hash + 1);
          assertTrue(
              elements(linked, "*").stream().anyMatch(e -> e.getAttribute("id").equals(anchor)),
              href);
        }
      }
    }
    String index = site.get(HtmlReport.INDEX_PAGE);
    for (int i = 0; i < report.closures().size(); i++) {
      assertTrue(
          index.contains("href=\"closures/" + HtmlReport.anchor(i) + ".html\""),
          "index links closure " + i);
      assertTrue(
          site.get("closures/" + HtmlReport.anchor(i) + ".html")
              .contains(HtmlReport.escape(report.closures().get(i).id())));
    }
  }
}
