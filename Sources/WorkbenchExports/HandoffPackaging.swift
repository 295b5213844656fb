import WorkbenchStores

/// The build files that make a bundle drop-in: the iOS bundle is one Swift package (engine,
/// this preset's style and motion, the SwiftUI view), the Android bundle one Gradle library
/// module over the folders it already has.
extension HandoffBundle {
    /// "Designer's favourite" → `ChartDesignersFavourite`: the iOS package and its library product.
    package var swiftProductName: String { "Chart" + CodeName.identifier(preset.name, upperFirst: true) }

    /// The target holding `ChartStyle+….swift` and `ChartMotion+….swift`.
    package var swiftStyleTarget: String { swiftProductName + "Style" }

    /// The style target's two files, at the bundle's top.
    package var swiftStyleSources: [String] {
        let id = CodeName.identifier(preset.name, upperFirst: true)
        return ["ChartStyle+\(id).swift", "ChartMotion+\(id).swift"]
    }

    /// `excluding`: the bundle's other top-level files and folders, which the style target (the
    /// folder itself) leaves out.
    package func swiftPackage(excluding: [String]) -> String {
        let product = swiftProductName
        let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
        return """
        // swift-tools-version: 6.0
        // The chart \u{201C}\(CodeString.comment(preset.name))\u{201D} from Chart Workbench as one package: the engine the workbench
        // draws with, this preset's style and motion, and the SwiftUI ChartView. README.md shows how to add it.
        import PackageDescription

        let package = Package(
            name: "\(product)",
            platforms: [.iOS(.v17), .macOS(.v14)],
            products: [
                .library(name: "\(product)", targets: ["ChartEngine", "\(swiftStyleTarget)", "ChartSwiftUI"])
            ],
            targets: [
                .target(name: "ChartEngine", path: "ChartEngine/Sources/ChartEngine"),
                .target(name: "\(swiftStyleTarget)", dependencies: ["ChartEngine"], path: ".",
                        exclude: [\(quoted(excluding))],
                        sources: [\(quoted(swiftStyleSources))]),
                .target(name: "ChartSwiftUI", dependencies: ["ChartEngine"], path: "ChartSwiftUI")
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    /// The Android namespace: `com.chartworkbench.chart.<preset>`, one lower-case segment that is
    /// never a Java or Kotlin keyword.
    package var androidNamespace: String {
        var segment = CodeName.identifier(preset.name, upperFirst: false).lowercased()
        if Self.javaKeywords.contains(segment) || CodeName.reserved.contains(segment) { segment += "style" }
        return "com.chartworkbench.chart." + segment
    }

    static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "record",
    ]

    /// The folders of the module's source sets, as `build.gradle.kts` lists them.
    package static let androidMainSources = ["chart-engine/src/main/kotlin", "chart-compose/src/main/kotlin"]
    package static let androidTestSources = ["chart-engine/src/test/kotlin"]

    package var gradleModule: String {
        let quoted = { (paths: [String]) in paths.map { "\"\($0)\"" }.joined(separator: ", ") }
        return """
        // The chart \u{201C}\(CodeString.comment(preset.name))\u{201D} from Chart Workbench as one Android library module: the Kotlin
        // engine, this preset's style and motion, and the Compose adapter. README.md shows how to add it.
        plugins {
            id("com.android.library")
            id("org.jetbrains.kotlin.android")
            id("org.jetbrains.kotlin.plugin.compose")
        }

        android {
            namespace = "\(androidNamespace)"
            compileSdk = 35
            defaultConfig {
                minSdk = 24
            }
            buildFeatures {
                compose = true
            }
            sourceSets {
                getByName("main") {
                    manifest.srcFile("AndroidManifest.xml")
                    kotlin.srcDirs(\(quoted(Self.androidMainSources)))
                }
                // The conformance runner over vectors.json: the module's tests, never the app.
                getByName("test") {
                    kotlin.srcDirs(\(quoted(Self.androidTestSources)))
                }
            }
            compileOptions {
                sourceCompatibility = JavaVersion.VERSION_17
                targetCompatibility = JavaVersion.VERSION_17
            }
        }

        kotlin {
            jvmToolchain(17)
        }

        dependencies {
            implementation(platform("androidx.compose:compose-bom:2024.10.01"))
            implementation("androidx.compose.runtime:runtime")
            implementation("androidx.compose.ui:ui")
            implementation("androidx.compose.foundation:foundation")
            implementation("androidx.compose.animation:animation-core")
        }

        """
    }

    /// A library module's manifest; everything it would say is in `build.gradle.kts`.
    package static let androidManifest = """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" />

    """
}
