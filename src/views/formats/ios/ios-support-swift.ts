/**
 * The part of Tokens.swift that is the same for every design system: where the catalog's colors are looked up, and the
 * structs composite values are written with (each with the SwiftUI or UIKit helper that applies it).
 * @example IOS_SUPPORT_SWIFT.startsWith('#if SWIFT_PACKAGE') // true
 */
export const IOS_SUPPORT_SWIFT = `#if SWIFT_PACKAGE
private let tokenCatalogBundle: Foundation.Bundle = .module
#else
private final class TokenCatalogBundleMarker {}
private let tokenCatalogBundle: Foundation.Bundle = Foundation.Bundle(for: TokenCatalogBundleMarker.self)
#endif

/// Where the colors of Tokens.xcassets are looked up: the package's resource bundle in a Swift package
/// (\`Bundle.module\`), otherwise the bundle Tokens.swift is compiled into (an app or a framework).
public enum TokenCatalog {
  public static let bundle: Foundation.Bundle = tokenCatalogBundle

  /// A color set of Tokens.xcassets as a SwiftUI color: it follows the appearance (dark, increased contrast) by itself.
  public static func color(_ name: Swift.String) -> SwiftUI.Color {
    SwiftUI.Color(name, bundle: bundle)
  }
}

#if canImport(UIKit)
extension TokenCatalog {
  /// A color set of Tokens.xcassets as a UIKit color, resolved against the traits of the view that draws it.
  public static func uiColor(_ name: Swift.String) -> UIKit.UIColor {
    guard let color = UIKit.UIColor(named: name, in: bundle, compatibleWith: nil) else {
      fatalError("Tokens.xcassets has no color set \\(name): add the catalog to the target of Tokens.swift.")
    }
    return color
  }
}
#endif

/// A text style: the font family stack (first choice first), size, weight, line height and letter spacing in points.
public struct TokenTypography: Sendable, Equatable {
  public let fontFamily: [Swift.String]
  public let fontSize: CoreGraphics.CGFloat
  public let fontWeight: SwiftUI.Font.Weight
  public let lineHeight: CoreGraphics.CGFloat
  public let letterSpacing: CoreGraphics.CGFloat

  public init(
    fontFamily: [Swift.String],
    fontSize: CoreGraphics.CGFloat,
    fontWeight: SwiftUI.Font.Weight,
    lineHeight: CoreGraphics.CGFloat,
    letterSpacing: CoreGraphics.CGFloat
  ) {
    self.fontFamily = fontFamily
    self.fontSize = fontSize
    self.fontWeight = fontWeight
    self.lineHeight = lineHeight
    self.letterSpacing = letterSpacing
  }

  /// The font, scaled with Dynamic Type relative to \`style\`: the stack's first family (the system font when it is not
  /// installed). Apply \`letterSpacing\` with \`.tracking(_:)\` and the line height with \`.lineSpacing(_:)\`.
  public func font(relativeTo style: SwiftUI.Font.TextStyle = .body) -> SwiftUI.Font {
    SwiftUI.Font.custom(fontFamily.first ?? "", size: fontSize, relativeTo: style).weight(fontWeight)
  }
}

#if canImport(UIKit)
extension TokenTypography {
  /// The font size scaled with Dynamic Type, as \`UIFontMetrics\` scales the text style \`style\`.
  public func scaledFontSize(
    relativeTo style: UIKit.UIFont.TextStyle = .body,
    compatibleWith traits: UIKit.UITraitCollection? = nil
  ) -> CoreGraphics.CGFloat {
    UIKit.UIFontMetrics(forTextStyle: style).scaledValue(for: fontSize, compatibleWith: traits)
  }

  /// The line height scaled with Dynamic Type like the font size.
  public func scaledLineHeight(
    relativeTo style: UIKit.UIFont.TextStyle = .body,
    compatibleWith traits: UIKit.UITraitCollection? = nil
  ) -> CoreGraphics.CGFloat {
    UIKit.UIFontMetrics(forTextStyle: style).scaledValue(for: lineHeight, compatibleWith: traits)
  }
}
#endif

/// One shadow layer; lengths in points. SwiftUI's \`.shadow(color:radius:x:y:)\` takes \`radius\`, half the blur.
public struct TokenShadowLayer: Sendable, Equatable {
  public let color: SwiftUI.Color
  public let offsetX: CoreGraphics.CGFloat
  public let offsetY: CoreGraphics.CGFloat
  public let blur: CoreGraphics.CGFloat
  public let spread: CoreGraphics.CGFloat
  public let inset: Swift.Bool

  public init(
    color: SwiftUI.Color,
    offsetX: CoreGraphics.CGFloat,
    offsetY: CoreGraphics.CGFloat,
    blur: CoreGraphics.CGFloat,
    spread: CoreGraphics.CGFloat,
    inset: Swift.Bool
  ) {
    self.color = color
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.blur = blur
    self.spread = spread
    self.inset = inset
  }

  /// The radius SwiftUI's \`.shadow\` takes: half the blur.
  public var radius: CoreGraphics.CGFloat { blur / 2 }
}

/// A shadow: its layers, the first on top (none for \`none\`).
public struct TokenShadow: Sendable, Equatable {
  public let layers: [TokenShadowLayer]

  public init(layers: [TokenShadowLayer]) {
    self.layers = layers
  }
}

/// A border: its width in points, its CSS style (\`solid\`, \`dashed\`, ...) and its color.
public struct TokenBorder: Sendable, Equatable {
  public let width: CoreGraphics.CGFloat
  public let style: Swift.String
  public let color: SwiftUI.Color

  public init(width: CoreGraphics.CGFloat, style: Swift.String, color: SwiftUI.Color) {
    self.width = width
    self.style = style
    self.color = color
  }
}

/// A cubic Bézier easing: its two control points.
public struct TokenCubicBezier: Sendable, Equatable {
  public let x1: Swift.Double
  public let y1: Swift.Double
  public let x2: Swift.Double
  public let y2: Swift.Double

  public init(x1: Swift.Double, y1: Swift.Double, x2: Swift.Double, y2: Swift.Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  /// A SwiftUI animation along this curve.
  public func animation(duration: Foundation.TimeInterval) -> SwiftUI.Animation {
    SwiftUI.Animation.timingCurve(x1, y1, x2, y2, duration: duration)
  }
}

/// A transition: duration and delay in seconds, and its easing.
public struct TokenTransition: Sendable, Equatable {
  public let duration: Foundation.TimeInterval
  public let delay: Foundation.TimeInterval
  public let timingFunction: TokenCubicBezier

  public init(duration: Foundation.TimeInterval, delay: Foundation.TimeInterval, timingFunction: TokenCubicBezier) {
    self.duration = duration
    self.delay = delay
    self.timingFunction = timingFunction
  }

  /// The SwiftUI animation of this transition.
  public var animation: SwiftUI.Animation {
    timingFunction.animation(duration: duration).delay(delay)
  }
}

/// One stop of a gradient: its color and its location from 0 to 1.
public struct TokenGradientStop: Sendable, Equatable {
  public let color: SwiftUI.Color
  public let location: CoreGraphics.CGFloat

  public init(color: SwiftUI.Color, location: CoreGraphics.CGFloat) {
    self.color = color
    self.location = location
  }
}

/// A linear gradient: its angle in degrees as CSS measures it (0 is to the top, 90 to the right, 180 to the bottom) and
/// its stops.
public struct TokenGradient: Sendable, Equatable {
  public let angle: Swift.Double
  public let stops: [TokenGradientStop]

  public init(angle: Swift.Double, stops: [TokenGradientStop]) {
    self.angle = angle
    self.stops = stops
  }

  /// The SwiftUI gradient of the stops.
  public var gradient: SwiftUI.Gradient {
    SwiftUI.Gradient(stops: stops.map { SwiftUI.Gradient.Stop(color: $0.color, location: $0.location) })
  }

  /// The SwiftUI linear gradient along the angle (from edge to edge of a square).
  public var linearGradient: SwiftUI.LinearGradient {
    let radians = angle * Swift.Double.pi / 180
    let dx = CoreGraphics.CGFloat(sin(radians) / 2)
    let dy = CoreGraphics.CGFloat(cos(radians) / 2)
    return SwiftUI.LinearGradient(
      gradient: gradient,
      startPoint: SwiftUI.UnitPoint(x: 0.5 - dx, y: 0.5 + dy),
      endPoint: SwiftUI.UnitPoint(x: 0.5 + dx, y: 0.5 - dy)
    )
  }
}
`;
