/**
 * Tests for documentation: the ```java blocks of the repository's Markdown documents, compiled in
 * memory and run, so that an example that no longer works fails the build. A module's test picks
 * the documents ({@link io.sluice.testkit.docs.MarkdownExamples}), gives the examples their scope
 * with a subclass of {@link io.sluice.testkit.docs.CheckedExample}, and runs them with an {@link
 * io.sluice.testkit.docs.ExampleRunner}.
 */
package io.sluice.testkit.docs;
