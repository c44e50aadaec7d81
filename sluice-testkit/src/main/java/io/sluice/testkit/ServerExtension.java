package io.sluice.testkit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The extension behind {@link ServerTest}: a parameter of type {@link PostgresServer} gets
 * {@link PostgresServer#shared()}. Nothing is started until a parameter asks for it, so a class that
 * runs a dedicated server or a fleet of its own does not start the shared one too.
 */
public final class ServerExtension implements ParameterResolver {
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == PostgresServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return PostgresServer.shared();
  }
}
