// Runs mongo-java-server (in-memory backend) on 127.0.0.1, on a port the kernel picks, so the
// MongoDB adapter's contract tests speak the real wire protocol on machines without MongoDB.
//
// Prints one line "LISTENING <uri>" once bound, and exits when its standard input closes (the
// test run that started it is gone) or on SIGTERM.
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.List;

public final class MongoCompatible {
  // mongo-java-server 1.47 implements the commands the Node.js driver 7 uses, but its newest
  // version constant (MONGO_5_0) reports wire version 8, below the driver's minimum of 9
  // (MongoDB 4.4). Report what MongoDB 5.0 reports.
  private static final MongoVersion MONGODB_5_0 =
      new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
          return List.of(5, 0, 0);
        }

        @Override
        public int getWireVersion() {
          return 13;
        }
      };

  public static void main(String[] args) throws Exception {
    MongoServer server = new MongoServer(new MemoryBackend().version(MONGODB_5_0));
    System.out.println("LISTENING " + server.bindAndGetConnectionString());
    System.out.flush();
    while (System.in.read() != -1) {
      // Wait for end of input.
    }
    server.shutdownNow();
  }
}
