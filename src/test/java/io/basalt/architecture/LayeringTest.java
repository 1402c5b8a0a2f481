package io.basalt.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of docs/architecture.md, checked on the compiled classes (imports, fully qualified
 * names, calls, field and return types alike). A change that breaks a rule fails the build: fix the
 * dependency, or change the rule here and in docs/architecture.md together, saying why.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.basalt");
    }

    @Test
    void layersDependOnlyDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Wiring").definedBy("io.basalt", "io.basalt.cli..")
                .layer("Tools").definedBy("io.basalt.migrate..")
                .layer("FrontEnds").definedBy("io.basalt.server..")
                .layer("Operations").definedBy("io.basalt.api..")
                .layer("WireCodec").definedBy("io.basalt.wire..")
                .layer("Engine").definedBy("io.basalt.engine..")
                .layer("Expressions").definedBy("io.basalt.expression..")
                .layer("Model").definedBy("io.basalt.model..")
                .layer("StorageSpi").definedBy("io.basalt.storage")
                .layer("StorageEngines").definedBy("io.basalt.storage.rocksdb..", "io.basalt.storage.memory..")
                .layer("EventLoop").definedBy("io.basalt.eventloop..")
                .layer("Errors").definedBy("io.basalt.error..")

                .whereLayer("Wiring").mayNotBeAccessedByAnyLayer()
                .whereLayer("FrontEnds").mayOnlyBeAccessedByLayers("Wiring")
                .whereLayer("Operations").mayOnlyBeAccessedByLayers("FrontEnds", "Wiring")
                .whereLayer("Tools").mayOnlyBeAccessedByLayers("Wiring")
                .whereLayer("WireCodec").mayOnlyBeAccessedByLayers("Operations", "FrontEnds", "Tools", "Wiring")
                .whereLayer("Engine").mayOnlyBeAccessedByLayers("Operations", "FrontEnds", "Wiring")
                .whereLayer("Expressions").mayOnlyBeAccessedByLayers("Engine", "Operations", "FrontEnds", "Wiring")
                .whereLayer("Model").mayOnlyBeAccessedByLayers("WireCodec", "Expressions", "Engine", "Operations",
                        "FrontEnds", "Tools", "Wiring")
                .whereLayer("StorageSpi").mayOnlyBeAccessedByLayers("Engine", "StorageEngines", "Wiring")
                .whereLayer("StorageEngines").mayOnlyBeAccessedByLayers("Wiring")
                .whereLayer("EventLoop").mayOnlyBeAccessedByLayers("StorageSpi", "StorageEngines", "Engine", "Operations",
                        "FrontEnds", "Tools", "Wiring")
                .check(classes);
    }

    @Test
    void errorsAndEventLoopDependOnNothingOfBasalt() {
        noClasses().that().resideInAnyPackage("io.basalt.error..", "io.basalt.eventloop..")
                .should().dependOnClassesThat().resideOutsideOfPackages("io.basalt.error..", "io.basalt.eventloop..",
                        "java..")
                .check(classes);
    }

    @Test
    void theStorageSpiImportsNothingAboveOrBesideIt() {
        noClasses().that().resideInAPackage("io.basalt.storage")
                .should().dependOnClassesThat().resideInAnyPackage("io.basalt", "io.basalt.cli..", "io.basalt.server..",
                        "io.basalt.api..", "io.basalt.wire..", "io.basalt.engine..", "io.basalt.expression..",
                        "io.basalt.model..", "io.basalt.storage.rocksdb..", "io.basalt.storage.memory..")
                .check(classes);
    }

    @Test
    void storageEnginesDoNotSeeEachOther() {
        noClasses().that().resideInAPackage("io.basalt.storage.rocksdb..")
                .should().dependOnClassesThat().resideInAPackage("io.basalt.storage.memory..")
                .check(classes);
        noClasses().that().resideInAPackage("io.basalt.storage.memory..")
                .should().dependOnClassesThat().resideInAPackage("io.basalt.storage.rocksdb..")
                .check(classes);
    }

    /**
     * The web console's files are plain class-path data: the package serving them knows neither
     * Netty nor any layer (the HTTP front end routes to it; the console itself speaks the public API).
     */
    @Test
    void theConsoleIsOnlyFiles() {
        noClasses().that().resideInAPackage("io.basalt.server.console..")
                .should().dependOnClassesThat().resideOutsideOfPackages("io.basalt.server.console..", "java..")
                .check(classes);
    }

    /** Only the HTTP front end knows Netty; only the front end and the codec write the wire's JSON. */
    @Test
    void nettyStaysInTheFrontEnds() {
        noClasses().that().resideOutsideOfPackages("io.basalt.server..")
                .should().dependOnClassesThat().resideInAPackage("io.netty..")
                .check(classes);
    }

    /** Errors are plain data: the front end renders them; the engine writes no response JSON. */
    @Test
    void errorsAndEngineWriteNoResponses() {
        noClasses().that().resideInAnyPackage("io.basalt.error..", "io.basalt.model..", "io.basalt.expression..",
                        "io.basalt.storage..", "io.basalt.eventloop..")
                .should().dependOnClassesThat().resideInAPackage("com.fasterxml.jackson..")
                .check(classes);
        // the engine's one use of JSON is the catalog's own on-disk format
        noClasses().that().resideInAPackage("io.basalt.engine..")
                .and().haveNameNotMatching("io\\.basalt\\.engine\\.catalog\\.TableDefinitionCodec.*")
                .should().dependOnClassesThat().resideInAPackage("com.fasterxml.jackson..")
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        slices().matching("io.basalt.(*)..").should().beFreeOfCycles().check(classes);
    }
}
